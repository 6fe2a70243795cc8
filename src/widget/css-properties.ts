/**
 * Docs themes' brand colours the accent follows, first found wins: VitePress, Docusaurus, Starlight,
 * Material for MkDocs, Furo (Sphinx). The Read the Docs theme and minima (Jekyll) set no colour as a
 * custom property, Eleventy has no theme, and Nextra sets only a hue, saturation and lightness: there
 * the accent keeps its default.
 */
export const THEME_BRAND_COLORS = ['--vp-c-brand-1', '--ifm-color-primary', '--sl-color-accent', '--md-primary-fg-color', '--color-brand-primary'] as const;

const DEFAULT_ACCENT = THEME_BRAND_COLORS.reduceRight((fallback, name) => `var(${name}, ${fallback})`, '#2563eb');

/**
 * The custom properties the stylesheet reads, with the fallback it uses as the default: the one
 * table custom-elements.json derives from. `styles.test.ts` checks styles.css against it.
 */
export const CSS_PROPERTY_TABLE = [
  { name: '--scim-generator-font-family', default: 'inherit', description: "Font family; the page's by default." },
  { name: '--scim-generator-font-size', default: 'inherit', description: 'Font size; spacing scales with it.' },
  { name: '--scim-generator-color', default: 'inherit', description: 'Text colour; result and notice colours mix with it.' },
  { name: '--scim-generator-spacing', default: '0.75em', description: 'Space between the controls and the results.' },
  { name: '--scim-generator-radius', default: '6px', description: 'Corner radius of the button, the notice and the message.' },
  {
    name: '--scim-generator-accent-color',
    default: DEFAULT_ACCENT,
    description: "Button background, checkbox and focus ring colour; by default the docs theme's brand colour, else #2563eb.",
  },
  {
    name: '--scim-generator-accent-text-color',
    default: 'lch(from var(--_accent) calc((49.44 - l) * infinity) 0 0)',
    description: 'Button text colour; by default black or white, whichever reads on the accent (#fff where relative colours are unsupported).',
  },
  {
    name: '--scim-generator-success-color',
    default: 'color-mix(in srgb, #16a34a 70%, currentColor)',
    description: 'Colour of success lines.',
  },
  {
    name: '--scim-generator-error-color',
    default: 'color-mix(in srgb, #dc2626 75%, currentColor)',
    description: 'Colour of error lines; tints the notice and the message.',
  },
] as const;
