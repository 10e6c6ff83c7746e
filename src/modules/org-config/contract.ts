import { Type, type Static } from 'typebox';

export type { LogoConfig } from '@/shared/identity';

/** getLoginConfig: what the login page shows. */
export interface LoginConfig {
  /** Background picture URL ('' = the built-in one). */
  picture: string;
  /** Browser recommendation and resolution note. */
  browsers: string[];
  resolution: string;
  /** Filing numbers (ICP / public security) shown in the footer. */
  filings: { text: string; url: string }[];
  copyright: string;
}

export interface Theme {
  /** #RRGGBB */
  primaryColor: string;
}

export const SaveThemeBody = Type.Object({ primaryColor: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }) });
export type SaveThemeBody = Static<typeof SaveThemeBody>;

/** getConfig: the logo config of one platform (falls back to the common one). */
export const GetConfigBody = Type.Object({ platform_id: Type.Optional(Type.Integer({ minimum: 1 })) });
export type GetConfigBody = Static<typeof GetConfigBody>;
