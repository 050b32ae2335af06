import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_REQUESTS } from '../../../../contract/first-pages';
import { earliestAppointmentsUrl } from '../../availability/api/get-earliest-appointments';
import { BANNER_ITEMS } from '../../../../contract/first-pages';
import { businessesUrl } from './directory-filter';

// The server names these URLs as preloads in the pages' <head>; the browser hands a preloaded answer
// only to a request for the very same URL, so the app must build exactly these with no filter set.
describe('the first requests of the directory and quick booking', () => {
  it('are the URLs the server preloads', () => {
    expect([businessesUrl({}), earliestAppointmentsUrl({ limit: BANNER_ITEMS })]).toEqual(FIRST_PAGE_REQUESTS['/businesses']);
    expect([earliestAppointmentsUrl({})]).toEqual(FIRST_PAGE_REQUESTS['/quick-booking']);
  });
});
