import { CodeXml, CreditCard, Palette, ShieldCheck, Trash2, UserRound, Users } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import type { UserResponse } from '@contract/auth';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DeletionSection } from './deletion-section';
import { ProfileForm } from './profile-form';
import { SecuritySection } from './security-section';
import { SettingsApiSection as ApiSection } from '@/app/settings-api-section';
import { SettingsBillingSection as BillingSection } from '@/app/settings-billing-section';
import { SettingsTeamSection as TeamSection } from '@/app/settings-team-section';
import { SettingsBrandingSection as BrandingSection } from '@/app/settings-branding-section';

type Section = 'profile' | 'security' | 'billing' | 'team' | 'branding' | 'api' | 'deletion';

interface SettingsModalProps {
  user: UserResponse;
  open: boolean;
  initialSection: Section;
  onOpenChange(open: boolean): void;
}

/** Spec §2 "Settings modal": the profile (first/last name, role, industry), security (password, e-mail), billing, team, branding (decision 045), the API (issue #25) and account deletion. */
export default function SettingsModal({
  user,
  open,
  initialSection,
  onOpenChange,
}: SettingsModalProps) {
  const { t } = useTranslation('account');
  const [section, setSection] = useState<Section>(initialSection);
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-3xl gap-0 p-0"
        data-testid="settings-modal"
        onOpenAutoFocus={(event) => {
          // Start in the first field rather than on the tab list.
          const first = document.getElementById(
            section === 'profile' ? 'profile-first-name' : 'settings-tab-account',
          );
          if (first) {
            event.preventDefault();
            first.focus();
          }
        }}
      >
        <DialogHeader className="border-b px-6 pb-5 pt-6">
          <DialogTitle className="text-xl">{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <Tabs
          value={section}
          onValueChange={(v) => setSection(v as Section)}
          className="px-6 pb-6 pt-5"
        >
          <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:w-auto">
            <TabsTrigger value="profile" data-testid="settings-tab-profile">
              <UserRound className="size-4" aria-hidden /> {t('tabs.profile')}
            </TabsTrigger>
            <TabsTrigger value="security" data-testid="settings-tab-security">
              <ShieldCheck className="size-4" aria-hidden /> {t('tabs.security')}
            </TabsTrigger>
            <TabsTrigger value="billing" data-testid="settings-tab-billing">
              <CreditCard className="size-4" aria-hidden /> {t('tabs.billing')}
            </TabsTrigger>
            <TabsTrigger value="team" data-testid="settings-tab-team">
              <Users className="size-4" aria-hidden /> {t('tabs.team')}
            </TabsTrigger>
            <TabsTrigger value="branding" data-testid="settings-tab-branding">
              <Palette className="size-4" aria-hidden /> {t('tabs.branding')}
            </TabsTrigger>
            <TabsTrigger value="api" data-testid="settings-tab-api">
              <CodeXml className="size-4" aria-hidden /> {t('tabs.api')}
            </TabsTrigger>
            <TabsTrigger
              value="deletion"
              id="settings-tab-account"
              data-testid="settings-tab-account"
            >
              <Trash2 className="size-4" aria-hidden /> {t('tabs.account')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="profile" className="mt-6">
            <ProfileForm user={user} onClose={close} />
          </TabsContent>
          <TabsContent value="security" className="mt-6">
            <SecuritySection user={user} onClose={close} />
          </TabsContent>
          <TabsContent value="billing" className="mt-6">
            <Suspense fallback={null}>
              <BillingSection user={user} />
            </Suspense>
          </TabsContent>
          <TabsContent value="team" className="mt-6">
            <Suspense fallback={null}>
              <TeamSection userId={user.id} />
            </Suspense>
          </TabsContent>
          <TabsContent value="branding" className="mt-6">
            <Suspense fallback={null}>
              <BrandingSection />
            </Suspense>
          </TabsContent>
          <TabsContent value="api" className="mt-6">
            <Suspense fallback={null}>
              <ApiSection />
            </Suspense>
          </TabsContent>
          <TabsContent value="deletion" className="mt-6">
            <DeletionSection email={user.email} onClose={close} onOpenTeam={() => setSection('team')} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
