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
  { name: '--scim-generator-accent-color', default: '#2563eb', description: 'Button background, checkbox and focus ring colour.' },
  { name: '--scim-generator-accent-text-color', default: '#fff', description: 'Button text colour.' },
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
