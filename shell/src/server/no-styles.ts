// Stands in for every stylesheet import in the first screen's server build: the page links the
// browser build's stylesheets (first-screen.json), so Node needs none.
export {};
