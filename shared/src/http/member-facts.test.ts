import { takeMemberFacts } from './page-data';

function pageWith(block: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = `<script type="application/json" id="member">${block}</script>`;
  return doc;
}

describe('takeMemberFacts (the member figures the server painted into the first screen)', () => {
  it('answers the figures once: the block leaves the page, so a later visit reads its own', () => {
    const doc = pageWith('{"name":"Malee \\u003cS\\u003e","currency":"THB","main":123456,"total":150000}');
    expect(takeMemberFacts(doc)).toEqual({ name: 'Malee <S>', currency: 'THB', main: 123456, total: 150000 });
    expect(doc.getElementById('member')).toBeNull();
    expect(takeMemberFacts(doc)).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"name":'],
    ['an unknown currency', '{"name":"A","currency":"USD","main":1,"total":1}'],
    ['an amount that is not whole', '{"name":"A","currency":"LAK","main":1.5,"total":2}'],
    ['a missing name', '{"currency":"THB","main":1,"total":1}'],
  ])('answers nothing for %s', (_what, block) => {
    expect(takeMemberFacts(pageWith(block))).toBeUndefined();
  });

  it('answers nothing on a page without the block', () => {
    expect(takeMemberFacts(document.implementation.createHTMLDocument('page'))).toBeUndefined();
  });
});
