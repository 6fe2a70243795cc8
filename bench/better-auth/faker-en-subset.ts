// What `virtual:faker-en-subset` is outside Vite (run.ts points the specifier here): the same
// locale subset build/faker-en-subset.ts serves to the bundle.
export { fakerEnSubset as default } from '../../build/faker-en-subset.ts';
