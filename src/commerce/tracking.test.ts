import { describe, expect, it } from 'vitest';
import { trackingUrl } from './tracking';

describe('trackingUrl', () => {
  it('links the carriers merchants name most to their own tracking page, whatever the case or spacing', () => {
    expect(trackingUrl('UPS', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl(' usps ', '9400 1000')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000');
    expect(trackingUrl('Royal Mail', 'AB123456789GB')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(trackingUrl('DHL Express', 'x')).toMatch(/^https:\/\/www\.dhl\.com\//);
  });

  it('gives no link without a carrier or for one it does not know', () => {
    expect(trackingUrl(null, '123')).toBeNull();
    expect(trackingUrl('Local courier', '123')).toBeNull();
  });
});
