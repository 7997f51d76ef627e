import { describe, expect, it } from 'vitest';
import { RETURN_DETAILS, returnActionOf } from './floor';

describe('the return action an order offers (part 1 §4)', () => {
  it('approve on RTO/DTO delivered, details once processed, nothing otherwise', () => {
    expect(returnActionOf({ status: 'RTO_DELIVERED', approveRtsReturns: false })).toEqual({ kind: 'approve', returnType: 'RTO', label: 'Approve RTO' });
    expect(returnActionOf({ status: 'DTO_DELIVERED', approveRtsReturns: false })).toEqual({ kind: 'approve', returnType: 'DTO', label: 'Approve DTO' });
    expect(returnActionOf({ status: 'RTO_PROCESSED', approveRtsReturns: false })).toEqual({ kind: 'details', label: RETURN_DETAILS });
    expect(returnActionOf({ status: 'DTO_PROCESSED', approveRtsReturns: true })).toEqual({ kind: 'details', label: 'RTO/DTO Details' });
    expect(returnActionOf({ status: 'DELIVERED', approveRtsReturns: true })).toBeNull();
  });

  it('READY_TO_SHIP only for the one company the spec names', () => {
    expect(returnActionOf({ status: 'READY_TO_SHIP', approveRtsReturns: true })).toEqual({ kind: 'approve', returnType: 'RTO', label: 'Approve RTO' });
    expect(returnActionOf({ status: 'READY_TO_SHIP', approveRtsReturns: false })).toBeNull();
  });
});
