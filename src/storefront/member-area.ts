/**
 * A member area's page (`/members/{id}`, where a navigation link with a `memberAreaId` goes): the
 * store sells no memberships, so no visitor is a member and every visitor gets the member area
 * access denied page (storefront spec page type 106, never recorded by analytics) with the page-lock
 * labels of engine spec §6, word for word, and the way to the account page. Answered 403.
 */

export const PAGE_LOCKED = 'This page is locked';
export const MEMBERS_ONLY = 'This page available only site members';
export const MEMBER_AREA_ID = /^[A-Za-z0-9_-]{1,64}$/;

const LOCK_ICON =
  '<svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" stroke-width="1.8">' +
  '<rect x="4" y="9" width="12" height="8" rx="1.5"/><path d="M7 9V6.5a3 3 0 0 1 6 0V9"/></svg>';

/** The page's body under its heading (`PAGE_LOCKED`): fixed text, nothing of the request in it. */
export const MEMBER_AREA_BODY =
  '<div class="MemberArea">' +
  `<p class="MemberArea-label">${LOCK_ICON}<span>${MEMBERS_ONLY}</span></p>` +
  '<p class="NotFound-links"><a class="Button" href="/account">Sign in</a> ' +
  '<a class="Button Button--secondary" href="/">Home page</a></p>' +
  '</div>';
