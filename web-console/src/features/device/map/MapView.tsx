import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import type { DeviceCluster, DeviceMarker, MapViewport } from '../types';
import { MAX_ZOOM, toViewport } from './geo';

export interface MapViewProps {
  centre: [number, number];
  zoom: number;
  tiles: string;
  attribution?: string;
  project?: { name: string; position: [number, number] };
  markers: readonly DeviceMarker[];
  clusters: readonly DeviceCluster[];
  /** The viewport after each move or zoom (and once at start). */
  onViewport: (viewport: MapViewport | undefined) => void;
  /** A click on the map while a device is being placed. */
  onPick?: (longitude: number, latitude: number) => void;
  /** Texts of the map's own elements (titles read by assistive technology). */
  clusterTitle: (count: number) => string;
  deviceTitle: (marker: DeviceMarker) => string;
}

const DOT = 'width:14px;height:14px;border-radius:50%;border:2px solid #fff;box-shadow:0 0 3px rgba(0,0,0,.5);';

/** Leaflet's marker images need URLs the bundle does not have: every marker is drawn in HTML. */
function deviceIcon(online: boolean): L.DivIcon {
  return L.divIcon({
    className: 'device-map-marker',
    html: `<span style="display:block;${DOT}background:${online ? '#52c41a' : '#8c8c8c'}"></span>`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
  });
}

function clusterIcon(count: number): L.DivIcon {
  const size = count < 100 ? 34 : count < 1000 ? 42 : 50;
  return L.divIcon({
    className: 'device-map-cluster',
    html:
      `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;` +
      `border-radius:50%;background:rgba(22,119,255,.85);color:#fff;font-weight:600;font-size:12px;` +
      `border:3px solid rgba(255,255,255,.8)">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

const PROJECT_ICON = L.divIcon({
  className: 'device-map-project',
  html: `<span style="display:block;${DOT}width:20px;height:20px;background:#fa541c"></span>`,
  iconSize: [24, 24],
  iconAnchor: [12, 12],
});

/** Reports the viewport at start and after every move; hands clicks to `onPick`. */
function ViewportWatcher({ onViewport, onPick }: Pick<MapViewProps, 'onViewport' | 'onPick'>) {
  const map = useMap();
  const report = () => {
    const bounds = map.getBounds();
    onViewport(
      toViewport({ west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }, map.getZoom()),
    );
  };
  useMapEvents({
    moveend: report,
    click: (event) => onPick?.(event.latlng.lng, event.latlng.lat),
  });
  useEffect(() => {
    map.whenReady(report);
    // once, when the map is made
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  return null;
}

/** Follows a new start (another project chosen) without remaking the map. */
function StartFollower({ centre, zoom }: { centre: [number, number]; zoom: number }) {
  const map = useMap();
  const [lat, lng] = centre;
  useEffect(() => {
    map.setView([lat, lng], zoom);
  }, [map, lat, lng, zoom]);
  return null;
}

/** A click on a cluster zooms in on it. */
function ClusterMarker({ cluster, title }: { cluster: DeviceCluster; title: string }) {
  const map = useMap();
  const icon = useMemo(() => clusterIcon(cluster.count), [cluster.count]);
  return (
    <Marker
      position={[cluster.latitude, cluster.longitude]}
      icon={icon}
      title={title}
      alt={title}
      eventHandlers={{ click: () => map.setView([cluster.latitude, cluster.longitude], Math.min(map.getZoom() + 2, MAX_ZOOM)) }}
    />
  );
}

const ONLINE_ICON = deviceIcon(true);
const OFFLINE_ICON = deviceIcon(false);

/** The Leaflet map: tiles, the project, and the devices as markers or clusters. */
export default function MapView(props: MapViewProps) {
  const { centre, zoom, tiles, attribution, project, markers, clusters, onViewport, onPick, clusterTitle, deviceTitle } = props;
  return (
    <MapContainer
      center={centre}
      zoom={zoom}
      maxZoom={MAX_ZOOM}
      worldCopyJump
      style={{ height: '100%', minHeight: 480, width: '100%', cursor: onPick ? 'crosshair' : undefined }}
    >
      <TileLayer url={tiles} attribution={attribution} maxZoom={MAX_ZOOM} />
      <ViewportWatcher onViewport={onViewport} onPick={onPick} />
      <StartFollower centre={centre} zoom={zoom} />
      {project ? <Marker position={project.position} icon={PROJECT_ICON} title={project.name} alt={project.name} /> : null}
      {markers.map((marker) => {
        const title = deviceTitle(marker);
        return (
          <Marker
            key={`${marker.deviceType}-${marker.deviceId}`}
            position={[marker.latitude, marker.longitude]}
            icon={marker.onlineStatus === '1' ? ONLINE_ICON : OFFLINE_ICON}
            title={title}
            alt={title}
          />
        );
      })}
      {clusters.map((cluster) => (
        <ClusterMarker key={`${cluster.longitude},${cluster.latitude}`} cluster={cluster} title={clusterTitle(cluster.count)} />
      ))}
    </MapContainer>
  );
}
