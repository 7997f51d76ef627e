import { describe, expect, it } from 'vitest';
import { clusterMatcher } from './cluster-match';

const cluster = { clusterPincode: ['560001', '560002'], cities: ['Bengaluru'] };

describe('clusterMatcher', () => {
  it('shows an order whose delivery pincode is in the cluster and hides one outside it', () => {
    const matches = clusterMatcher(cluster);
    expect(matches({ pincode: '560001', city: 'Bengaluru' })).toBe(true);
    expect(matches({ pincode: '560002', city: 'Somewhere else' })).toBe(true);
    // Same city, but a pincode the cluster does not have: not in the cluster.
    expect(matches({ pincode: '560099', city: 'Bengaluru' })).toBe(false);
    expect(matches({ pincode: '110001', city: 'New Delhi' })).toBe(false);
  });

  it('shows every order without a chosen cluster', () => {
    expect(clusterMatcher(null)({ pincode: '110001', city: 'New Delhi' })).toBe(true);
  });

  it('falls back to the city for a cached order that has no pincode yet', () => {
    const matches = clusterMatcher(cluster);
    expect(matches({ city: ' bengaluru ' })).toBe(true);
    expect(matches({ pincode: null, city: 'New Delhi' })).toBe(false);
  });
});
