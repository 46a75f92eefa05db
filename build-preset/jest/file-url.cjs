// What an imported image file (rspack asset/resource) gives in jest: a URL string.
module.exports = 'test-file.svg';
