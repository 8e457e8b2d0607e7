import { describe, expect, it } from 'vitest';
import { profileFormSchema } from './profile';

describe('profileFormSchema', () => {
  it('reports each missing field with its own message', () => {
    const result = profileFormSchema.safeParse({ firstName: '', lastName: '', companyName: '', role: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'First Name is required',
      'Last Name is required',
      'Company Name is required',
      'Role is required',
    ]);
  });

  it('defaults the company size to xsmall and rejects unknown sizes', () => {
    const form = { firstName: 'Ada', lastName: 'Lovelace', companyName: 'Engines', role: 'CTO' };
    expect(profileFormSchema.parse(form).companySize).toBe('xsmall');
    expect(profileFormSchema.safeParse({ ...form, companySize: 'huge' }).error?.issues[0]?.message).toBe(
      'Select a company size',
    );
  });
});
