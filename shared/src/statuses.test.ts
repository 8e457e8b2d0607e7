import { describe, expect, it } from 'vitest';
import {
  canDeleteServer,
  canDisableServer,
  canEditServer,
  canEnableServer,
  canToggleServer,
  isActiveServerStatus,
  isServerToggleDisabled,
  SERVER_STATUSES,
  type ServerStatus,
  serverDisplayText,
  shouldShowServerLastError,
} from './statuses';

describe('serverDisplayText', () => {
  it.each([
    ['running', 'Running'],
    ['error', 'Error'],
    ['stale', 'Not Responding'],
    ['booting', 'Health: booting'],
    [undefined, 'Health: unknown'],
  ])('shows an enabled server with health %s as %s', (health, text) => {
    expect(serverDisplayText('enabled', health)).toBe(text);
  });

  it.each([
    ['provisioning', 'Provisioning...'],
    ['deprovisioning', 'Disabling...'],
    ['starting', 'Starting...'],
    ['defined', 'Defined'],
    ['disabled', 'Disabled'],
    ['error', 'Error'],
  ] as const)('shows a %s server as %s whatever its health', (status, text) => {
    expect(serverDisplayText(status, 'running')).toBe(text);
  });
});

describe('server rules', () => {
  const statusesWhere = (rule: (status: ServerStatus) => boolean) => SERVER_STATUSES.filter(rule);

  it('shows the toggle for enabled, defined, disabled and error servers', () => {
    expect(statusesWhere(canToggleServer)).toEqual(['defined', 'disabled', 'enabled', 'error']);
  });

  it('allows enabling defined, disabled and error servers, and disabling enabled and error ones', () => {
    expect(statusesWhere(canEnableServer)).toEqual(['defined', 'disabled', 'error']);
    expect(statusesWhere(canDisableServer)).toEqual(['enabled', 'error']);
  });

  it('counts a server as active from provisioning to deprovisioning', () => {
    expect(statusesWhere(isActiveServerStatus)).toEqual([
      'enabled',
      'provisioning',
      'starting',
      'deprovisioning',
    ]);
  });

  it('disables the toggle during transitions and while an action runs', () => {
    expect(statusesWhere((status) => isServerToggleDisabled(status))).toEqual([
      'provisioning',
      'starting',
      'deprovisioning',
    ]);
    expect(isServerToggleDisabled('enabled', true)).toBe(true);
  });

  it('allows editing only defined, disabled or error servers', () => {
    expect(statusesWhere(canEditServer)).toEqual(['defined', 'disabled', 'error']);
  });

  it('allows deleting outside transitional states', () => {
    expect(statusesWhere((status) => canDeleteServer(status))).toEqual([
      'defined',
      'disabled',
      'enabled',
      'error',
    ]);
    expect(canDeleteServer('disabled', true)).toBe(false);
  });

  it('shows the last error only in the error state', () => {
    expect(statusesWhere(shouldShowServerLastError)).toEqual(['error']);
  });
});
