// Stands in for every stylesheet import in the builds for Node (the shell's first screen, the
// remotes' exposed modules: preset.mjs): the page links the browser builds' stylesheets, so Node
// needs none.
export {};
