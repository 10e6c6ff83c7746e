import type { ModuleManifest } from '@/shared/module';
import { authModule } from './auth/module';
import { platformModule } from './platform/module';
import { statusPagesModule } from './status-pages/module';
import { homeModule } from './home/module';
import { orgConfigModule } from './org-config/module';
import { siteSettingsModule } from './site-settings/module';
import { organizationModule } from './organization/module';
import { contentModule } from './content/module';
import { platformConfigModule } from './platform-config/module';
import { accountsModule } from './accounts/module';
import { maintenanceModule } from './maintenance/module';
import { mobileModule } from './mobile/module';
import { formsModule } from './forms/module';
import { workflowModule } from './workflow/module';
import { messagesModule } from './messages/module';
import { mobileLayoutModule } from './mobile-layout/module';

/** Every module's manifest. A new module adds its line here. */
export const manifests: readonly ModuleManifest[] = [
  authModule,
  platformModule,
  statusPagesModule,
  homeModule,
  orgConfigModule,
  siteSettingsModule,
  organizationModule,
  platformConfigModule,
  accountsModule,
  contentModule,
  maintenanceModule,
  mobileModule,
  formsModule,
  messagesModule,
  mobileLayoutModule,
  workflowModule,
];

export const allRoutes = manifests.flatMap((m) => m.routes);
