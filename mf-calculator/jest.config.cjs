// This remote's tests, run as the build preset runs every screen's (@portal/build-preset,
// jest-preset.cjs): `npm test` here, or the whole monorepo's jest from the root.
const { screenProject } = require('@portal/build-preset/jest-preset');

module.exports = screenProject({ displayName: 'mf-calculator', rootDir: __dirname });
