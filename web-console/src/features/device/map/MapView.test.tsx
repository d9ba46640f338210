import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import MapView from './MapView';

describe('the Leaflet map', () => {
  it('draws the project, the devices and the clusters with their counts, and reports its viewport', async () => {
    const onViewport = vi.fn();
    const { container } = render(
      <div style={{ width: 800, height: 600 }}>
        <MapView
          centre={[30.2084, 120.2108]}
          zoom={15}
          tiles="https://tiles.example/{z}/{x}/{y}.png"
          project={{ name: '滨江景观照明示范项目', position: [30.2084, 120.2108] }}
          markers={[
            { deviceType: 'gateway', deviceId: 1, deviceName: 'A', deviceNumber: 'SIM-1', onlineStatus: '1', longitude: 120.21, latitude: 30.21 },
            { deviceType: 'gateway', deviceId: 2, deviceName: 'B', deviceNumber: 'SIM-2', onlineStatus: '0', longitude: 120.22, latitude: 30.2 },
          ]}
          clusters={[{ count: 1234, longitude: 120.3, latitude: 30.3 }]}
          onViewport={onViewport}
          clusterTitle={(count) => `${count} devices`}
          deviceTitle={(marker) => `${marker.deviceName} ${marker.onlineStatus}`}
        />
      </div>,
    );
    await waitFor(() => expect(container.querySelectorAll('.leaflet-marker-icon')).toHaveLength(4));
    expect(container.querySelector('.leaflet-marker-icon[title="滨江景观照明示范项目"]')).not.toBeNull();
    expect(container.querySelector('.device-map-marker[title="A 1"]')).not.toBeNull();
    expect(container.querySelector('.device-map-marker[title="B 0"]')).not.toBeNull();
    const cluster = container.querySelector('.device-map-cluster[title="1234 devices"]');
    expect(cluster?.textContent).toBe('1234');
    await waitFor(() => expect(onViewport).toHaveBeenCalled());
  });
});
