import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { currentPosition, failureOf, positionFailureMessage } from '@/lib/geolocation';
import type { CoordinateTexts } from './coordinates';

type Step = 'idle' | 'asking' | 'locating' | { failed: string };

interface Props {
  errors: FieldErrors<CoordinateTexts>;
  register: (name: keyof CoordinateTexts) => UseFormRegisterReturn;
  /** Puts the browser's reading into both fields (and checks them). */
  onLocated: (texts: CoordinateTexts) => void;
}

/**
 * The business's location for "Near me": typed, or filled from this device's location after saying
 * what it is for. Both or neither; empty both to stop showing a distance.
 */
export function CoordinatesFields({ errors, register, onLocated }: Props) {
  const [step, setStep] = useState<Step>('idle');
  const locate = async () => {
    setStep('locating');
    try {
      const { latitude, longitude } = await currentPosition();
      onLocated({ latitude: latitude.toFixed(6), longitude: longitude.toFixed(6) });
      setStep('idle');
    } catch (error) {
      setStep({ failed: positionFailureMessage(failureOf(error)) });
    }
  };
  const invalid = (name: keyof CoordinateTexts) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `edit-${name}-error` : 'edit-location-hint',
  });
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Location on the map (optional)</legend>
      <p id="edit-location-hint" className="text-xs text-slate-500">
        Lets customers who search near them see how far you are. Decimal degrees, for example 40.7128 and -74.0060.
      </p>
      <div className="grid grid-cols-2 gap-3">
        <Field id="edit-latitude" label="Latitude" error={errors.latitude?.message}>
          <Input id="edit-latitude" inputMode="decimal" autoComplete="off" placeholder="40.7128" {...invalid('latitude')} {...register('latitude')} />
        </Field>
        <Field id="edit-longitude" label="Longitude" error={errors.longitude?.message}>
          <Input id="edit-longitude" inputMode="decimal" autoComplete="off" placeholder="-74.0060" {...invalid('longitude')} {...register('longitude')} />
        </Field>
      </div>
      {step === 'asking' ? (
        <div role="group" aria-label="Use my current location" className="rounded-md bg-slate-50 p-3 text-sm">
          <p className="text-slate-700">Use this only where the business is: your browser will ask to share this device&apos;s location, and it fills the two fields (nothing is saved until you save).</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={() => void locate()}>
              Share my location
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setStep('idle')}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button type="button" variant="outline" size="sm" disabled={step === 'locating'} onClick={() => setStep('asking')}>
          <LocateFixed aria-hidden="true" /> {step === 'locating' ? 'Finding your location…' : 'Use my current location'}
        </Button>
      )}
      {typeof step === 'object' && (
        <p role="alert" className="text-sm text-red-600">
          {step.failed} You can type the coordinates instead.
        </p>
      )}
    </fieldset>
  );
}
