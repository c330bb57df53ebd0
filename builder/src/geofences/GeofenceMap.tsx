import "leaflet/dist/leaflet.css";
import "./geofences.css";
import L, { type LatLngExpression, type LeafletMouseEvent } from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import { Circle, MapContainer, Marker, TileLayer, useMap, useMapEvents } from "react-leaflet";

export interface GeofenceMapProps {
  /** The centre, or undefined while the latitude or longitude field is not a valid number. */
  centre?: { lat: number; lng: number };
  /** The radius in metres (drawn only with a centre). */
  radiusMetres?: number;
  tileUrl: string;
  onCentre(lat: number, lng: number): void;
  onRadius(metres: number): void;
  onTileError(): void;
}

// Handles are plain HTML (no image): Leaflet's default marker image path breaks in bundles.
const centreIcon = L.divIcon({ className: "geofence-centre-handle", iconSize: [18, 18] });
const radiusIcon = L.divIcon({ className: "geofence-radius-handle", iconSize: [14, 14] });
const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const WORLD: LatLngExpression = [20, 0];

/** The point `metres` east of the centre, where the radius handle sits. */
function eastOf(c: { lat: number; lng: number }, metres: number): L.LatLng {
  const perDegree = 111_320 * Math.max(Math.cos((c.lat * Math.PI) / 180), 0.01);
  return L.latLng(c.lat, c.lng + metres / perDegree);
}

function ClickToPlace({ onCentre }: { onCentre(lat: number, lng: number): void }) {
  useMapEvents({ click: (e: LeafletMouseEvent) => onCentre(round(e.latlng.lat), round(e.latlng.lng)) });
  return null;
}

/** Follows a centre typed in the fields: the circle comes into view. */
function FollowCentre({ centre, radiusMetres }: Pick<GeofenceMapProps, "centre" | "radiusMetres">) {
  const map = useMap();
  const last = useRef<string>("");
  useEffect(() => {
    if (!centre) return;
    const key = `${centre.lat},${centre.lng}`;
    if (key === last.current) return;
    last.current = key;
    const bounds = L.latLng(centre.lat, centre.lng).toBounds(Math.max(2 * (radiusMetres ?? 1000), 200));
    map.fitBounds(bounds, { animate: false });
  }, [map, centre, radiusMetres]);
  return null;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** The centre handle, the circle and its radius handle; dragging either reports the new value. */
function Shapes({
  centre,
  radiusMetres,
  onCentre,
  onRadius,
}: Omit<GeofenceMapProps, "tileUrl" | "onTileError">) {
  const map = useMap();
  const latest = useRef({ centre, onCentre, onRadius });
  latest.current = { centre, onCentre, onRadius };
  const centreEvents = useMemo(
    () => ({
      dragend: (e: L.LeafletEvent) => {
        const p = (e.target as L.Marker).getLatLng();
        latest.current.onCentre(round(p.lat), round(p.lng));
      },
    }),
    [],
  );
  const radiusEvents = useMemo(
    () => ({
      dragend: (e: L.LeafletEvent) => {
        const c = latest.current.centre;
        if (c) latest.current.onRadius(map.distance([c.lat, c.lng], (e.target as L.Marker).getLatLng()));
      },
    }),
    [map],
  );
  if (!centre) return null;
  return (
    <>
      <Marker
        position={[centre.lat, centre.lng]}
        icon={centreIcon}
        draggable
        eventHandlers={centreEvents}
        title="Geofence centre: drag to move"
        alt="Geofence centre"
      />
      {radiusMetres && radiusMetres > 0 ? (
        <>
          <Circle
            center={[centre.lat, centre.lng]}
            radius={radiusMetres}
            pathOptions={{ color: "#1677ff" }}
          />
          <Marker
            position={eastOf(centre, radiusMetres)}
            icon={radiusIcon}
            draggable
            eventHandlers={radiusEvents}
            title="Geofence radius: drag to resize"
            alt="Geofence radius"
          />
        </>
      ) : null}
    </>
  );
}

/** The geofence drawn on a Leaflet map: click to place the centre, drag the centre or the radius handle. */
export default function GeofenceMap(props: GeofenceMapProps) {
  const { centre, radiusMetres, tileUrl, onCentre, onRadius, onTileError } = props;
  const tileEvents = useMemo(() => ({ tileerror: () => onTileError() }), [onTileError]);
  return (
    <MapContainer
      center={centre ? [centre.lat, centre.lng] : WORLD}
      zoom={centre ? 13 : 2}
      className="geofence-map"
      style={{ height: 320, width: "100%" }}
      keyboard
    >
      <TileLayer url={tileUrl} attribution={OSM_ATTRIBUTION} eventHandlers={tileEvents} />
      <ClickToPlace onCentre={onCentre} />
      <FollowCentre centre={centre} radiusMetres={radiusMetres} />
      <Shapes centre={centre} radiusMetres={radiusMetres} onCentre={onCentre} onRadius={onRadius} />
    </MapContainer>
  );
}
