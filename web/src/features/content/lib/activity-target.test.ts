import { describe, expect, it } from 'vitest';
import { activityTarget } from './activity-target';

const target = (query: string, fallback?: string) => activityTarget(new URLSearchParams(query), fallback);

describe('where an activity link leads from the loading page', () => {
  it('goes to the page its segments name, with the rest of its query', () => {
    expect(target('url=mrtj')).toBe('/mrtj');
    expect(target('url=dzfp')).toBe('/dzfp');
    expect(target('url=list&url1=info&url2=5')).toBe('/list/info/5');
    expect(target('url=ppzq&url1=info&url2=3&page=2')).toBe('/ppzq/info/3?page=2');
  });

  it('says the activity is not there when the link names no page, an unknown one or the loading page itself', () => {
    expect(target('')).toBe('/noActivity');
    expect(target('url=spring&url1=zone&url2=1')).toBe('/noActivity');
    expect(target('url=loading&url1=activity')).toBe('/noActivity');
  });

  it('goes to the fallback when nothing is named', () => {
    expect(target('', '/')).toBe('/');
    expect(target('url=nosuch', '/')).toBe('/noActivity');
  });
});
