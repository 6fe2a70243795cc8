// Plain DOM: the tag name map, typed properties and typed events.
import { COMPLETE_EVENT, RESULT_EVENT, defineScimGenerator, type BatchResult, type ScimGeneratorElement } from 'scim-generator';
import { TAG_NAME as DEFINE_TAG_NAME, defineScimGenerator as defineAtOnce } from 'scim-generator/define';

const created: ScimGeneratorElement = document.createElement('scim-generator');
created.resourceType = 'Groups';
created.baseUrl = 'https://scim.example.com/scim/v2';
// @ts-expect-error -- properties hold attribute strings
created.timeout = 5000;

const found = document.querySelector('scim-generator');
found?.addEventListener('scim-generator-result', (event) => {
  const { status, statusText, ok, name, record, index } = event.detail;
  console.log(index, status, statusText, ok, name ?? record.schemas[0]);
});
document.addEventListener('scim-generator-complete', (event) => {
  const batch: BatchResult = event.detail;
  console.log(batch.results.length);
});

const eventNames: ['scim-generator-result', 'scim-generator-complete'] = [RESULT_EVENT, COMPLETE_EVENT];
console.log(eventNames);

// The loader defines the element lazily; defineScimGenerator() resolves with its class.
void defineScimGenerator().then((ElementClass) => {
  const constructed: ScimGeneratorElement = new ElementClass();
  console.log(constructed.profile);
});

// A page sure to hold the element imports the define entry: the same exports, the element defined at once.
void defineAtOnce().then((ElementClass) => console.log(DEFINE_TAG_NAME, new ElementClass().baseUrl));
