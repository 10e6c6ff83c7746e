import { Type, type Static } from 'typebox';
import { EmojiFreeText } from '@/shared/emoji-free';
import { MAX_ID } from '@/shared/ids';

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
export const GetConfigBody = Type.Object({ platform_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })) });
export type GetConfigBody = Static<typeof GetConfigBody>;

// ---------------------------------------------------------------------------------------------
// Display settings' writes (the back office's 显示设置 page, module site-settings)
// ---------------------------------------------------------------------------------------------

export const TITLE_MAX = 40;
/** Upload limits of POST /portal/backend/organizationConfig/uploadImage/?purpose= */
export const LOGO_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const LOGIN_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** A picture: a path on this site (an upload, a built-in image) or an http(s) address. */
export const ImageUrl = Type.String({ pattern: '^(/[^\\s]*|https?://[^\\s]+)$', maxLength: 500 });
/** Required text: at least one non-blank character. */
const Title = EmojiFreeText({ minLength: 1, maxLength: TITLE_MAX, pattern: '\\S' });
/** http(s) address or '' (none). */
export const OptionalHttpUrl = Type.String({ pattern: '^(https?://[^\\s]+)?$', maxLength: 500 });

/** POST /portal/backend/organizationConfig/saveLogoConfig/ (JSON) — the whole logo config. */
export const SaveLogoBody = Type.Object({
  icon: ImageUrl,
  logo: ImageUrl,
  backend: Type.Object({ title: Title, font: Type.String({ maxLength: 200 }) }),
  front: Type.Object({ title: Title }),
});
export type SaveLogoBody = Static<typeof SaveLogoBody>;

/** POST /portal/backend/organizationConfig/saveLoginConfig/ (JSON) — the whole login page config. */
export const SaveLoginBody = Type.Object({
  picture: ImageUrl,
  browsers: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 10 }),
  resolution: Type.String({ maxLength: 40 }),
  filings: Type.Array(
    Type.Object({ text: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' }), url: OptionalHttpUrl }),
    { maxItems: 10 },
  ),
  copyright: Type.String({ maxLength: 200 }),
});
export type SaveLoginBody = Static<typeof SaveLoginBody>;

export const UploadImageQuery = Type.Object({
  purpose: Type.Union([Type.Literal('logo'), Type.Literal('login')], { default: 'logo' }),
});
export type UploadImageQuery = Static<typeof UploadImageQuery>;

/** Answer of uploadImage. */
export interface UploadedImage {
  id: string;
  url: string;
  mime: string;
  size: number;
  name: string;
}
