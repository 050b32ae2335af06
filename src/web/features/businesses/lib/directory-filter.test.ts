import { describe, expect, it } from 'vitest';
import { activeFilterCount, businessesUrl, filterFromParams, filterParams, nearPoint } from './directory-filter';

// The directory's address and its API request are one set of names (DESIGN section 10).

const read = (search: string, restaurantsOnly = false) => filterFromParams(new URLSearchParams(search), restaurantsOnly);

describe('the directory filter', () => {
  it('round-trips through the address in one fixed order', () => {
    const search = 'type=restaurant&q=sushi&cuisine=Japanese&priceRange=%24%24&partySize=4&openNow=true&availableOn=2030-05-02&near=40.712%2C-74.006&radiusKm=5&sort=distance';
    expect(filterParams(read(search)).toString()).toBe(search);
    expect(filterParams(read('sort=rating&q=cut&type=service')).toString()).toBe('type=service&q=cut&sort=rating');
  });

  it('drops values the server would refuse, and sorts that need what is missing', () => {
    expect(read('type=boat&category=Spaceships&partySize=21&availableOn=2030-02-30&near=91,0&radiusKm=9&openNow=yes')).toEqual(read(''));
    expect(read('sort=distance').sort).toBeUndefined();
    expect(read('sort=relevance').sort).toBeUndefined();
    expect(read('q=cut&sort=relevance').sort).toBe('relevance');
    expect(filterParams({ sort: 'distance', radiusKm: 5 }).toString()).toBe('');
  });

  it('fixes the restaurant directory to restaurants without writing it in the address, and asks the server for them', () => {
    const filter = read('type=service', true);
    expect(filter.type).toBe('restaurant');
    expect(filterParams(filter, true).toString()).toBe('');
    expect(businessesUrl(filter)).toBe('/api/businesses?type=restaurant&limit=24');
  });

  it('rounds a position to about 100 m and counts the filters the panel holds', () => {
    expect(nearPoint(40.712345, -74.005678)).toBe('40.712,-74.006');
    expect(activeFilterCount(read('q=x&sort=name&openNow=true&cuisine=Thai&type=restaurant'))).toBe(3);
    expect(activeFilterCount(read('openNow=true'), true)).toBe(1);
  });
});
