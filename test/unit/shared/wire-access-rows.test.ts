// The access answers as the client keeps them: a drivers list loses only the rows it cannot read
// (a `user_id` that JSON makes Infinity among them), and an invitation's link must be an https
// address on tesla.com.
import { describe, expect, it } from 'vitest';
import {
  driverRowsSchema,
  readableDrivers,
  shareLinkProblem,
  unreadableDriversText,
} from '../../../electron/shared/wire-access';

describe('drivers rows', () => {
  it('keeps the good rows of a list where one user_id is not finite, and names the one left out', () => {
    const answer = driverRowsSchema.parse(
      JSON.parse(
        '{"results":[{"my_tesla_unique_id":1,"user_id":11,"user_id_s":"11"},' +
          '{"my_tesla_unique_id":2,"user_id":1e400,"user_id_s":"22"}]}',
      ),
    );
    const list = readableDrivers(answer);
    expect(list.results.map((d) => d.user_id_s)).toEqual(['11']);
    expect(list.unreadable).toEqual([{ id: '22', fields: ['user_id'] }]);
    expect(unreadableDriversText(list.unreadable!)).toBe(
      "1 driver the service listed could not be read (driver 22: user_id) and is not shown: check the car's drivers in the owner's app.",
    );
    expect(readableDrivers({ results: [] })).toEqual({ results: [] });
  });
});

describe('share links', () => {
  it('only https on tesla.com, with no user name', () => {
    expect(shareLinkProblem('https://www.tesla.com/_rs/1/abc')).toBeNull();
    expect(shareLinkProblem('https://tesla.com/x')).toBeNull();
    expect(shareLinkProblem('javascript:alert(1)')).toBe('it is a javascript: address, not https');
    expect(shareLinkProblem('file:///etc/passwd')).toBe('it is a file: address, not https');
    expect(shareLinkProblem('https://eviltesla.com/x')).toBe('it is not on tesla.com');
    expect(shareLinkProblem('https://www.tesla.com.evil.example/x')).toBe('it is not on tesla.com');
    expect(shareLinkProblem('https://me:pw@www.tesla.com/x')).toBe('it carries a user name or password');
    expect(shareLinkProblem('not a url')).toBe('it is not a web address');
  });
});
