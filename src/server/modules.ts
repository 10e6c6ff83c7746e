import type { FastifyPluginAsync } from 'fastify';
import { authServer } from '@/modules/auth/server';
import { platformServer } from '@/modules/platform/server';
import { orgConfigServer } from '@/modules/org-config/server';
import { homeServer } from '@/modules/home/server';
import { contentServer } from '@/modules/content/server';
import { siteSettingsServer } from '@/modules/site-settings/server';
import { platformConfigServer } from '@/modules/platform-config/server';
import { organizationServer } from '@/modules/organization/server';
import { accountsServer } from '@/modules/accounts/server';
import { maintenanceServer } from '@/modules/maintenance/server';
import { messagesServer } from '@/modules/messages/server';
import { mobileLayoutServer } from '@/modules/mobile-layout/server';
import { formsServer } from '@/modules/forms/server';
import { workflowServer } from '@/modules/workflow/server';

/**
 * The server face of every module, registered in this order by buildApp. A module adds
 * one line here: its `server/index.ts` plugin.
 */
export const modulePlugins: FastifyPluginAsync[] = [
  authServer,
  platformServer,
  orgConfigServer,
  homeServer,
  contentServer,
  siteSettingsServer,
  platformConfigServer,
  organizationServer,
  accountsServer,
  maintenanceServer,
  messagesServer,
  mobileLayoutServer,
  formsServer,
  workflowServer,
];
