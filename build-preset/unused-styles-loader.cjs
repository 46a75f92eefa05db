// Mantine's stylesheets carry rules the portal can never use, downloaded before the first paint
// (issue 18). This loader leaves them out of every stylesheet the build makes:
// - the dark scheme's rules: the portal has one colour scheme, light (`PORTAL_COLOR_SCHEME` in
//   shared-contracts, forced on every MantineProvider). A rule whose selectors all require
//   `[data-mantine-color-scheme='dark']` goes (a selector list keeps its other selectors);
// - the variables of the palettes no screen uses (UNUSED_PALETTES; unused-styles-loader.test.ts fails
//   when a source names one, so a screen that wants one takes it off the list).
// At-rules left empty go too.
const postcss = require('postcss');

const DARK_SCHEME = /\[data-mantine-color-scheme=(['"]?)dark\1\]/;

/** Mantine's default palettes that no screen of the portal names. */
const UNUSED_PALETTES = ['pink', 'grape', 'violet', 'indigo', 'cyan', 'lime'];
const UNUSED_PALETTE_VARIABLE = new RegExp(`^--mantine-color-(${UNUSED_PALETTES.join('|')})-`);

/** A PostCSS plugin: the rules and variables above removed. */
const onlyWhatThePortalUses = {
  postcssPlugin: 'only-what-the-portal-uses',
  OnceExit(root) {
    root.walkRules((rule) => {
      if (!DARK_SCHEME.test(rule.selector)) return;
      const kept = rule.selectors.filter((selector) => !DARK_SCHEME.test(selector));
      if (kept.length > 0) rule.selectors = kept;
      else rule.remove();
    });
    root.walkDecls(UNUSED_PALETTE_VARIABLE, (declaration) => declaration.remove());
    root.walkRules((rule) => {
      if (rule.nodes.length === 0) rule.remove();
    });
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
    });
  },
};

module.exports = function unusedStylesLoader(source, inputMap) {
  const callback = this.async();
  postcss([onlyWhatThePortalUses])
    .process(source, {
      from: this.resourcePath,
      map: this.sourceMap ? { prev: inputMap || false, inline: false, annotation: false } : false,
    })
    .then((result) => callback(null, result.css, result.map ? result.map.toJSON() : undefined))
    .catch(callback);
};
module.exports.onlyWhatThePortalUses = onlyWhatThePortalUses;
module.exports.UNUSED_PALETTES = UNUSED_PALETTES;
