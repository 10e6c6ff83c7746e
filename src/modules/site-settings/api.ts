import { http, type RequestOptions } from '@/core/http';
import type { LoginConfig, LogoConfig } from '@/modules/org-config/contract';
import type {
  HomeModules,
  SaveHomeModulesBody,
  SaveLoginBody,
  SaveLogoBody,
  SaveSsoBody,
  SsoSettings,
  SsoTestResult,
  TestSsoBody,
  UploadedImage,
} from './contract';

const ORG = '/portal/backend/organizationConfig';

/** Save the logo config (administrators). POST /portal/backend/organizationConfig/saveLogoConfig/ */
export const saveLogoConfig = (body: SaveLogoBody) =>
  http.post<LogoConfig>(`${ORG}/saveLogoConfig/`, body, { json: true });

/** Save the login page config (administrators). POST /portal/backend/organizationConfig/saveLoginConfig/ */
export const saveLoginConfig = (body: SaveLoginBody) =>
  http.post<LoginConfig>(`${ORG}/saveLoginConfig/`, body, { json: true });

/** Upload a logo/icon (≤ 2 MB) or login picture (≤ 5 MB), stored public. POST /portal/backend/organizationConfig/uploadImage/ */
export const uploadOrgImage = (file: File, purpose: 'logo' | 'login') => {
  const fd = new FormData();
  fd.append('file', file);
  return http.post<UploadedImage>(`${ORG}/uploadImage/`, fd, { params: { purpose }, slow: true });
};

/** Single sign-on settings without the client secret (administrators). GET /user/api/v1.sso/settings/ */
export const getSsoSettings = () => http.get<SsoSettings>('/user/api/v1.sso/settings/');

/** Save the single sign-on settings; an empty secret keeps the stored one. POST /user/api/v1.sso/save/ */
export const saveSsoSettings = (body: SaveSsoBody) =>
  http.post<SsoSettings>('/user/api/v1.sso/save/', body, { json: true });

/** Try the CAS server or OIDC issuer the form names. POST /user/api/v1.sso/test/ */
export const testSsoConnection = (body: TestSsoBody) => http.post<SsoTestResult>('/user/api/v1.sso/test/', body);

/** A home's modules, in order (public). GET /portal/api/v1.homepage/modules/ */
export const getHomeModules = (scope: string, opts: Pick<RequestOptions, 'silent'> = {}) =>
  http.get<HomeModules>('/portal/api/v1.homepage/modules/', { params: { scope }, ...opts });

/** Save a home's modules (administrators). POST /portal/api/v1.homepage/save/ */
export const saveHomeModules = (body: SaveHomeModulesBody) =>
  http.post<HomeModules>('/portal/api/v1.homepage/save/', body, { json: true });
