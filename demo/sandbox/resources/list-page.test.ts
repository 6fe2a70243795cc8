// @vitest-environment node
import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { paddedForScimmy } from './list-page';
import { compareSortKeys, sortKeyOf } from './sort-order';

describe('paddedForScimmy', () => {
  it('makes scimmy 1.3.5 show exactly the page, for every page of every list of up to 12', () => {
    for (let total = 0; total <= 12; total++) {
      const all = Array.from({ length: total }, (_, index) => ({ n: index + 1 }));
      for (let startIndex = 1; startIndex <= total + 2; startIndex++) {
        for (let count = 0; count <= total + 1; count++) {
          const page = all.slice(startIndex - 1, startIndex - 1 + count);
          const response = new SCIMMY.Messages.ListResponse(paddedForScimmy(page, startIndex, total) as never, { startIndex, count: page.length, totalResults: total });
          expect(response.Resources, `${startIndex} + ${count} of ${total}`).toEqual(page);
          expect([response.startIndex, response.itemsPerPage, response.totalResults]).toEqual([startIndex, page.length, total]);
        }
      }
    }
  });
});

describe('sort keys', () => {
  const order = (resources: object[], sortBy: string) =>
    resources
      .map((resource, index) => ({ index, key: sortKeyOf(resource, sortBy) }))
      .sort((a, b) => compareSortKeys(a.key, b.key))
      .map(({ index }) => index);

  it('put missing values last, numbers by size, dates by time and text in locale order', () => {
    expect(order([{ n: 10 }, {}, { n: 9 }, { n: null }], 'n')).toEqual([2, 0, 1, 3]);
    expect(order([{ d: '2024-02-01T00:00:00Z' }, { d: '2023-12-31T23:00:00-05:00' }], 'd')).toEqual([1, 0]);
    expect(order([{ t: 'b' }, { t: 'B' }, { t: 'a' }], 't')).toEqual([2, 0, 1]);
  });

  it('name the attribute in any case, with or without its URN, and take the primary or first of many', () => {
    const users = [
      { userName: 'zed', emails: [{ value: 'b@x' }, { value: 'a@x', primary: true }], 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { employeeNumber: 2 } },
      { userName: 'amy', emails: [{ value: 'c@x' }], 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { employeeNumber: 1 } },
    ];
    expect(order(users, 'USERNAME')).toEqual([1, 0]);
    expect(order(users, 'urn:ietf:params:scim:schemas:core:2.0:User:userName')).toEqual([1, 0]);
    expect(order(users, 'emails')).toEqual([0, 1]);
    expect(order(users, 'emails.value')).toEqual([0, 1]);
    expect(order(users, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber')).toEqual([1, 0]);
  });
});
