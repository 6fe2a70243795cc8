import fc from 'fast-check';

/** Small JSON values for the property tests: strings, numbers, booleans, null, and arrays and objects of them keyed by `names`. */
export function jsonValue(names: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.string({ maxLength: 5 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(names, tie('value'), { maxKeys: 3 }),
    ),
  })).value;
}
