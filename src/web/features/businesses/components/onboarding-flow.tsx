import type { Business } from '@contract/businesses';
import { Info, LayoutDashboard } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { toast, type ToastInput } from '@/components/ui/toast';
import { type AccountDetails, AccountStep, useRegister, useUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { RegistrationShell } from './registration-shell';

export interface DetailsStepProps<T> {
  onBack?: () => void;
  onSubmit: (details: T) => void;
  busy: boolean;
  /** The signed-in account's profile name, to start the owner's name with. */
  ownerName?: string;
}

interface Props<T> {
  idPrefix: string;
  title: string;
  description: string;
  detailsLabel: string;
  create: (details: T) => Promise<Business>;
  failureFallback: string;
  successToast: (business: Business) => ToastInput;
  children: (step: DetailsStepProps<T>) => ReactNode;
}

/**
 * Business and restaurant sign-up. Without a business account the visitor first gives one (step 1);
 * it is created on submit, just before the business. A signed-in business account without a
 * business goes straight to the details; one that has a business is pointed at its dashboard.
 */
export function OnboardingFlow<T>({ idPrefix, title, description, detailsLabel, create, failureFallback, successToast, children }: Props<T>) {
  const navigate = useNavigate();
  const { data: user, isPending: userLoading } = useUser();
  const registerUser = useRegister();
  const [step, setStep] = useState<0 | 1>(0);
  const [account, setAccount] = useState<AccountDetails | null>(null);
  const [busy, setBusy] = useState(false);
  const stepRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  const needsAccount = user?.userType !== 'business';
  const onAccountStep = needsAccount && step === 0;

  // Moving between steps puts the keyboard on the first field of the new step.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepRef.current?.querySelector<HTMLElement>(`[data-step="${step}"] input, [data-step="${step}"] select`)?.focus();
  }, [step]);

  if (userLoading) {
    return (
      <RegistrationShell title={title} description={description}>
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      </RegistrationShell>
    );
  }

  if (user?.userType === 'business' && user.businessId !== null && !busy) {
    return (
      <RegistrationShell title={title} description={description}>
        <EmptyState title="Your account already has a business." description={`You are signed in as ${user.username}. Manage it from your dashboard.`}>
          <Button asChild>
            <Link to="/business-dashboard">
              <LayoutDashboard aria-hidden="true" /> Go to Dashboard
            </Link>
          </Button>
        </EmptyState>
      </RegistrationShell>
    );
  }

  async function submit(details: T) {
    setBusy(true);
    try {
      if (needsAccount) {
        if (!account) return setStep(0);
        try {
          await registerUser.mutateAsync({ ...account, userType: 'business' });
        } catch (error) {
          toast({ title: 'Registration Failed', description: errorMessage(error, failureFallback), variant: 'destructive' });
          setStep(0);
          return;
        }
      }
      const business = await create(details);
      toast(successToast(business));
      void navigate('/business-dashboard');
    } catch (error) {
      toast({ title: 'Registration Failed', description: errorMessage(error, failureFallback), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <RegistrationShell title={title} description={description} steps={needsAccount ? ['Your account', detailsLabel] : undefined} current={step}>
      <div ref={stepRef}>
        {needsAccount && (
          <div data-step="0" hidden={!onAccountStep}>
            {user && (
              <p className="mb-4 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                You are signed in as {user.username}, a customer account. Continuing creates a separate business account and signs you in to it.
              </p>
            )}
            <AccountStep
              idPrefix={`${idPrefix}-account`}
              onContinue={(details) => {
                setAccount(details);
                setStep(1);
              }}
            />
          </div>
        )}
        <div data-step="1" hidden={onAccountStep}>
          {children({ onBack: needsAccount ? () => setStep(0) : undefined, onSubmit: (details) => void submit(details), busy, ownerName: user?.fullName ?? '' })}
        </div>
      </div>
    </RegistrationShell>
  );
}
