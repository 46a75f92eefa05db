import { usePlatform } from '@portal/shared-contracts/react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@portal/shared-contracts/ui';
import { type CSSProperties, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { useLocationSearch, useNearby, useNetwork, usePlaceSearch } from '../api';
import { networkMapChunk } from '../chunks';
import { prepareClusterIndex, useClusterIndex } from '../clustering/cluster-index';
import {
  boundsOfPlace,
  COUNTRIES,
  filterMarkers,
  LOCATION_TYPES,
  type LocationType,
  type MapMarker,
  type NetworkFilter,
  type Place,
  placeLabel,
  type SearchTarget,
  type ServiceLocation,
  searchableQuery,
  searchTarget,
} from '../model';
import { usePreloaded } from '../preloadable';
import { LocationDetails } from './LocationDetails';
import type { MapFocus } from './NetworkMap';
import './explorer.css';

// Leaflet, its CSS, react-leaflet and supercluster load with their own chunk only; it starts loading
// as soon as this module does (./App starts it even earlier), in parallel with the markers.
void networkMapChunk.load();
// So does the worker that will cluster the markers (it downloads supercluster meanwhile).
prepareClusterIndex();

const DETAIL_ZOOM = 15;

export interface NetworkExplorerProps {
  /** Fixed types (the picker's receiving option); the type filter is hidden. */
  fixedTypes?: LocationType[];
  /** Only these operators' places (the product's networks, issue 40); the operator filter is hidden. */
  fixedOperators?: string[];
  /** Leave out places where parcels are only collected (a hand-over picker). */
  withoutPickUpOnly?: boolean;
  /** Only this country (where the product delivers); the country filter is hidden. */
  fixedCountry?: string;
  initialCountry?: string;
  /** In the picker: the details panel offers "Choose this place". */
  onChoose?: (location: ServiceLocation) => void;
  mapHeight?: number;
}

/** Filters, search, results, details and the map, shared by the page and the location picker. */
export function NetworkExplorer({
  fixedTypes,
  fixedOperators,
  withoutPickUpOnly,
  fixedCountry,
  initialCountry,
  onChoose,
  mapHeight = 620,
}: NetworkExplorerProps) {
  const { t } = useTranslation(NAMESPACE);
  const { notify } = usePlatform();
  const network = useNetwork();
  const NetworkMap = usePreloaded(networkMapChunk)?.default;
  const [chosenCountry, setCountry] = useState<string>(initialCountry ?? 'all');
  const country = fixedCountry ?? chosenCountry;
  const [type, setType] = useState<string>('all');
  const [operators, setOperators] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [me, setMe] = useState<{ latitude: number; longitude: number } | null>(null);
  const [locating, setLocating] = useState(false);

  const filter: NetworkFilter = useMemo(
    () => ({
      countries: country === 'all' ? [] : [country],
      types: fixedTypes ?? (type === 'all' ? [] : [type as LocationType]),
      operators: fixedOperators?.length ? fixedOperators : operators,
      withoutPickUpOnly: withoutPickUpOnly ?? false,
    }),
    [country, type, operators, fixedTypes, fixedOperators, withoutPickUpOnly],
  );
  const markers = useMemo(() => filterMarkers(network.data?.markers ?? [], filter), [network.data, filter]);
  // The map is mounted in a render of its own after the network arrives: the query cache's
  // notification renders synchronously, and mounting Leaflet in it (measuring the map's size,
  // creating its panes and layers) made one task of 116-134 ms at 4x slower CPU.
  const mapNetwork = useDeferredValue(network.data);
  const clusters = useClusterIndex(markers);
  const query = searchableQuery(useDeferredValue(search));
  const results = useLocationSearch(query, filter);
  const places = usePlaceSearch(query);
  // A place of the gazetteer the map moved to (a search that no network place matches, or a click
  // in the list of places): the list shows the network's places nearest to it.
  const [anchor, setAnchor] = useState<{ query: string; place: Place } | null>(null);
  const anchoredPlace = query && anchor?.query === query ? anchor.place : null;
  const nearby = useNearby(anchoredPlace ?? (query ? null : me), filter);

  const select = useCallback((id: string, location?: { latitude: number; longitude: number }) => {
    setSelectedId(id);
    if (location) setFocus({ ...location, zoom: DETAIL_ZOOM, key: Date.now() });
  }, []);

  const nearMe = () => {
    if (!navigator.geolocation) {
      notify('error', t('nearMe.unavailable'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const point = { latitude: position.coords.latitude, longitude: position.coords.longitude };
        setMe(point);
        setSearch('');
        setFocus({ ...point, zoom: 13, key: Date.now() });
      },
      () => {
        setLocating(false);
        notify('error', t('nearMe.denied'));
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const labels = useMemo(
    () => ({
      map: t('map.label'),
      cluster: (count: number) => t('map.cluster', { count }),
      point: (marker: MapMarker) => `${t(`types.${marker.type}`)} · ${marker.operator}`,
    }),
    [t],
  );

  const target = searchTarget(results.data?.['hydra:member'], places.data?.['hydra:member']);
  useFocusOnSearch(query, results.isPlaceholderData ? null : target, setFocus, setAnchor);

  const moveToPlace = (place: Place) => {
    if (!query) return;
    setAnchor({ query, place });
    setFocus({
      latitude: place.latitude,
      longitude: place.longitude,
      zoom: DETAIL_ZOOM,
      bounds: boundsOfPlace(place),
      key: Date.now(),
    });
  };

  const list = anchoredPlace
    ? nearby.data?.['hydra:member']
    : query
      ? results.data?.['hydra:member']
      : me
        ? nearby.data?.['hydra:member']
        : undefined;
  const listTotal = query && !anchoredPlace ? results.data?.['hydra:totalItems'] : undefined;
  const foundPlaces = query ? (places.data?.['hydra:member'] ?? []) : [];

  return (
    <Box
      className="mf-map-explorer"
      style={{ '--mf-map-height': `${mapHeight}px` } as CSSProperties}
      data-testid="network-explorer"
    >
      <Stack gap="sm" className="mf-map-explorer__controls">
        {!fixedCountry && (
          <SegmentedControl
            aria-label={t('filters.country')}
            value={country}
            onChange={setCountry}
            data={[
              { value: 'all', label: t('filters.all') },
              ...COUNTRIES.map((code) => ({ value: code, label: t(`countries.${code}`) })),
            ]}
            fullWidth
          />
        )}
        {!fixedTypes && (
          <SegmentedControl
            aria-label={t('filters.type')}
            value={type}
            onChange={setType}
            data={[
              { value: 'all', label: t('filters.all') },
              ...LOCATION_TYPES.map((value) => ({ value, label: t(`types.${value}s`) })),
            ]}
            fullWidth
          />
        )}
        <search>
          <TextInput
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.currentTarget.value)}
            type="search"
          />
        </search>
        <Button variant="light" onClick={nearMe} loading={locating}>
          {t('nearMe.button')}
        </Button>
        <Text size="sm" aria-live="polite" data-testid="shown-count">
          {t('filters.shown', { count: markers.length })}
        </Text>
        {network.data?.ownNetworkPartial && (
          // Issue 40 item 3: the loaded data are not the whole network (api service-locations markers.ts).
          <Alert color="yellow" data-testid="partial-network" title={t('partial.title')}>
            {t('partial.text')}
          </Alert>
        )}
      </Stack>
      <Stack gap="sm" className="mf-map-explorer__panel">
        {selectedId && <LocationDetails id={selectedId} onClose={() => setSelectedId(null)} onChoose={onChoose} />}
        {foundPlaces.length > 0 && (
          <section aria-label={t('places.label')} data-testid="place-results">
            <Text size="sm" fw={600} mb={4}>
              {t('places.label')}
            </Text>
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {foundPlaces.map((place) => (
                <li key={place.id}>
                  <Button
                    variant={anchoredPlace?.id === place.id ? 'light' : 'subtle'}
                    size="compact-sm"
                    fullWidth
                    justify="start"
                    h="auto"
                    py={4}
                    onClick={() => moveToPlace(place)}
                    aria-label={t('places.moveTo', { place: placeLabel(place) })}
                  >
                    <span style={{ textAlign: 'left', whiteSpace: 'normal' }}>
                      {placeLabel(place)}{' '}
                      {/* Not dimmed: grey on the button's light background fails the contrast check. */}
                      <Text span size="xs">
                        ({t(`places.kinds.${place.kind}`)})
                      </Text>
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
            <Text size="xs" c="dimmed" mt={4}>
              {t('places.attribution')}
            </Text>
          </section>
        )}
        {list && (
          <section
            aria-label={
              anchoredPlace
                ? t('places.nearest', { place: anchoredPlace.name })
                : query
                  ? t('search.results')
                  : t('nearMe.results')
            }
          >
            {anchoredPlace && (
              <Text size="sm" mb={4} data-testid="nearest-to-place">
                {t('places.nearest', { place: anchoredPlace.name })}
              </Text>
            )}
            {/* Also under the nearest places when there are none (a picker whose product takes none there). */}
            {query && (!anchoredPlace || list.length === 0) && (
              <Text size="sm" mb={4} data-testid="search-count">
                {t('search.found', { count: listTotal ?? 0 })}
              </Text>
            )}
            {query && !anchoredPlace && (listTotal ?? 0) > list.length && (
              // SPEC §9: over 50 results ask for narrowing; the best matches come first.
              <Text size="sm" mb={4} c="dimmed" data-testid="search-narrow">
                {t('search.narrow', { count: list.length })}
              </Text>
            )}
            <ul
              data-testid="location-results"
              style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 360, overflowY: 'auto' }}
            >
              {list.map((location) => (
                <li key={location.id}>
                  <Button
                    variant={location.id === selectedId ? 'light' : 'subtle'}
                    fullWidth
                    justify="start"
                    h="auto"
                    py={6}
                    onClick={() => select(location.id, location)}
                    data-location-id={location.id}
                  >
                    <span style={{ textAlign: 'left', whiteSpace: 'normal' }}>
                      <strong>{location.name}</strong>
                      <br />
                      {/* The street address tells look-alike names apart ("Beta" ×3, issue 40). */}
                      <Text span size="sm">
                        {location.address}
                      </Text>
                      <br />
                      <Text span size="xs" c="dimmed">
                        {/* A place without a city in its data names it in its address only. */}
                        {[t(`types.${location.type}`), location.operator, location.city].filter(Boolean).join(' · ')}
                      </Text>
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {network.data && !fixedOperators?.length && (
          <Checkbox.Group label={t('filters.operator')} value={operators} onChange={setOperators}>
            <Stack gap={4} mt={4}>
              {network.data.operators.map((operator) => (
                <Checkbox
                  key={operator}
                  value={operator}
                  size="xs"
                  label={
                    network.data.ownOperators.includes(operator) ? `${operator} (${t('details.ownNetwork')})` : operator
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
      </Stack>
      <Box className="mf-map-explorer__map">
        {network.isError && <Alert color="red">{t('map.failed')}</Alert>}
        {!network.isError && !(mapNetwork && NetworkMap) && <Loader aria-label={t('loading')} />}
        {mapNetwork && NetworkMap && (
          <NetworkMap
            network={mapNetwork}
            markers={markers}
            clusters={clusters}
            selectedId={selectedId}
            onSelect={select}
            focus={focus}
            labels={labels}
          />
        )}
      </Box>
    </Box>
  );
}

/**
 * Moves the map once per query, when the answers are in (issue 40): to the network places it found,
 * or to the place it names when none matched (and anchors the list of nearest places there).
 */
function useFocusOnSearch(
  query: string | null,
  target: SearchTarget | null,
  setFocus: (focus: MapFocus) => void,
  setAnchor: (anchor: { query: string; place: Place } | null) => void,
) {
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!query || !target || focusedFor.current === query) return;
    focusedFor.current = query;
    const [[south, west], [north, east]] = target.bounds;
    setAnchor(target.kind === 'place' ? { query, place: target.place } : null);
    setFocus({
      latitude: (south + north) / 2,
      longitude: (west + east) / 2,
      zoom: DETAIL_ZOOM,
      bounds: target.bounds,
      key: Date.now(),
    });
  }, [query, target, setFocus, setAnchor]);
}
