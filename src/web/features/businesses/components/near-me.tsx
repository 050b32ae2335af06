import { LocateFixed, MapPin, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { currentPosition, failureOf, type PositionFailure, positionFailureMessage } from '@/lib/geolocation';
import { radiusChoices } from '../lib/directory-filter';

type Step = { name: 'idle' } | { name: 'asking' } | { name: 'locating' } | { name: 'failed'; reason: PositionFailure };

/**
 * "Near me" (DESIGN section 10): says what the location is for before the browser asks, sorts by
 * distance once it is given, and when it is refused or unavailable says so and leaves the directory as
 * it was: searching by name or address still works.
 */
export function NearMeButton({ onAsk, active }: { onAsk: () => void; active: boolean }) {
  if (active) return null;
  return (
    <Button type="button" variant="outline" onClick={onAsk}>
      <LocateFixed aria-hidden="true" /> Near me
    </Button>
  );
}

export function useNearMe(onLocated: (latitude: number, longitude: number) => void) {
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const locate = async () => {
    setStep({ name: 'locating' });
    try {
      const { latitude, longitude } = await currentPosition();
      setStep({ name: 'idle' });
      onLocated(latitude, longitude);
    } catch (error) {
      setStep({ name: 'failed', reason: failureOf(error) });
    }
  };
  return { step, ask: () => setStep({ name: 'asking' }), locate, dismiss: () => setStep({ name: 'idle' }) };
}

/** The explanation before asking, the wait, and what went wrong: under the directory's controls. */
export function NearMePanel({ nearMe }: { nearMe: ReturnType<typeof useNearMe> }) {
  const { step } = nearMe;
  const panel = useRef<HTMLDivElement>(null);
  // The explanation takes the focus, so a keyboard or screen reader user hears it before choosing.
  useEffect(() => {
    if (step.name === 'asking' || step.name === 'failed') panel.current?.focus();
  }, [step.name]);
  if (step.name === 'idle') return null;
  return (
    <div ref={panel} tabIndex={-1} role="region" aria-label="Near me" className="mt-3 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm focus:outline-none" data-testid="near-me-panel">
      {step.name === 'asking' && (
        <>
          <p className="font-medium text-slate-900">Sort businesses by distance from you?</p>
          <p className="mt-1 text-slate-600">Your browser will ask to share your location. Que uses it only to sort this list, nearest first, and does not save it.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="button" onClick={() => void nearMe.locate()}>
              <MapPin aria-hidden="true" /> Use my location
            </Button>
            <Button type="button" variant="ghost" onClick={nearMe.dismiss}>
              Not now
            </Button>
          </div>
        </>
      )}
      {step.name === 'locating' && (
        <p role="status" className="text-slate-700">
          Finding your location…
        </p>
      )}
      {step.name === 'failed' && (
        <div className="flex items-start gap-3">
          <div role="alert" className="flex-1">
            <p className="font-medium text-slate-900">We could not sort by distance.</p>
            <p className="mt-1 text-slate-600">{positionFailureMessage(step.reason)} You can still search by name, area or address.</p>
          </div>
          <Button type="button" variant="ghost" size="icon" onClick={nearMe.dismiss} aria-label="Dismiss">
            <X aria-hidden="true" />
          </Button>
        </div>
      )}
    </div>
  );
}

/** While the list is sorted near the visitor: how far to look, and a way back to the usual order. */
export function NearMeActive({ radiusKm, onRadius, onClear }: { radiusKm?: number; onRadius: (km: number | undefined) => void; onClear: () => void }) {
  return (
    <div className="mt-3 flex items-center gap-2" data-testid="near-me-active">
      <span className="inline-flex h-10 items-center gap-1.5 rounded-md bg-brand-50 px-3 text-sm font-medium text-brand-700">
        <LocateFixed className="size-4" aria-hidden="true" /> Near you
      </span>
      <label htmlFor="directory-radius" className="sr-only">
        Distance
      </label>
      <NativeSelect id="directory-radius" className="w-auto" value={radiusKm ?? ''} onChange={(e) => onRadius(e.target.value ? Number(e.target.value) : undefined)}>
        <option value="">Any distance</option>
        {radiusChoices.map((km) => (
          <option key={km} value={km}>
            Within {km} km
          </option>
        ))}
      </NativeSelect>
      <Button type="button" variant="ghost" size="icon" onClick={onClear} aria-label="Stop sorting by distance">
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
