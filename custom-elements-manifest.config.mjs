// `npm run manifest` writes custom-elements.json from the JSDoc block on ScimGeneratorElement.
const ENTRY = 'src/index.ts';
const BUNDLE = 'dist/scim-generator.js';

const camelCase = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());

/** r2wc maps each kebab-case attribute to its camelCase property and reflects the property back. */
function linkFieldsToAttributes(element) {
  for (const attribute of element.attributes ?? []) {
    const field = element.members?.find((member) => member.kind === 'field' && member.name === camelCase(attribute.name));
    if (!field) continue;
    attribute.fieldName = field.name;
    Object.assign(field, { description: attribute.description, attribute: attribute.name, reflects: true });
  }
}

/**
 * Describes what a consumer gets: one module, the bundle, with the values src/index.ts exports
 * (type-only exports have no declaration here and drop out), not the src/ files it was built from.
 */
function describeTheBundle() {
  return {
    name: 'describe-the-bundle',
    packageLinkPhase({ customElementsManifest: manifest }) {
      const entry = manifest.modules.find((module) => module.path === ENTRY);
      const found = manifest.modules.flatMap((module) => module.declarations ?? []);
      const declarations = entry.exports
        .filter((item) => item.kind === 'js')
        .map((item) => found.find((declaration) => declaration.name === item.name))
        .filter(Boolean);
      const elements = declarations.filter((declaration) => declaration.customElement);
      for (const element of elements) {
        delete element.superclass; // r2wc's generated class, which no module exports
        linkFieldsToAttributes(element);
      }
      const reference = (name) => ({ name, module: BUNDLE });
      manifest.modules = [
        {
          kind: 'javascript-module',
          path: BUNDLE,
          declarations,
          exports: [
            ...declarations.map(({ name }) => ({ kind: 'js', name, declaration: reference(name) })),
            ...elements.map(({ name, tagName }) => ({ kind: 'custom-element-definition', name: tagName, declaration: reference(name) })),
          ],
        },
      ];
      delete manifest.readme;
    },
  };
}

export default {
  globs: ['src/element.ts', 'src/controller.ts', ENTRY],
  outdir: '.',
  packagejson: false,
  plugins: [describeTheBundle()],
};
