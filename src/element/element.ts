import r2wc from '@r2wc/react-to-web-component';
import { ATTRIBUTES } from '../public/attribute-names';
import { ATTRIBUTE_TABLE, type ScimGeneratorProperties } from '../public/attribute-table';
import { batchControllerFor } from '../batch/controller';
import { resetRemovedAttribute, type R2wcElement } from './r2wc-reset';
import { GuardedScimGenerator } from '../widget/ScimGenerator';

const R2wcScimGenerator = r2wc(GuardedScimGenerator, {
  shadow: 'open',
  // Attributes are read as strings and validated by the widget (src/public/attributes.ts).
  props: Object.fromEntries(ATTRIBUTE_TABLE.map(({ property }) => [property, 'string'])),
}) as unknown as { new (): R2wcElement & ScimGeneratorProperties };

/**
 * `<scim-generator>`: creates ten fake SCIM 2.0 Users or Groups per press against a SCIM v2 API and
 * shows one result line per item. Its attributes, events and parts are the tables in
 * src/public/attributes.ts, src/public/events.ts and src/public/parts.ts; r2wc defines the property accessors.
 */
export class ScimGeneratorElement extends R2wcScimGenerator {
  connectedCallback(): void {
    keepEarlyProperties(this);
    super.connectedCallback();
  }

  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    super.attributeChangedCallback(name, oldValue, newValue);
    // r2wc ignores a removed or emptied attribute; the widget should fall back to the default.
    if (!newValue && name in ATTRIBUTES) resetRemovedAttribute(this, ATTRIBUTES[name as keyof typeof ATTRIBUTES]);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    // A move (remove + insert in one task) keeps its batch; a removal stops it.
    queueMicrotask(() => {
      if (!this.isConnected) batchControllerFor(this).reset();
    });
  }
}

/**
 * A property the page set before the element was defined (`el.resourceType = 'Groups'`, or React
 * 19 setting props on a tag not yet upgraded) is an own property of the element, which hides
 * r2wc's accessor on the prototype. Set it again through the accessor (the standard lazy-property
 * upgrade), so it reaches the widget and reflects to its attribute.
 */
function keepEarlyProperties(element: ScimGeneratorElement): void {
  for (const { property } of ATTRIBUTE_TABLE) {
    if (!Object.hasOwn(element, property)) continue;
    const value = element[property];
    Reflect.deleteProperty(element, property);
    element[property] = value;
  }
}
