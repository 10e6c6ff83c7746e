import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  AdminItemDetail,
  AdminItemQuery,
  AdminItemRow,
  AdminSpecial,
  AffairLink,
  ApplyAnswer,
  CatalogueFacet,
  CatalogueQuery,
  ItemCard,
  ItemGuide,
  ItemSaveBody,
  OrderBody,
  RuleOptions,
  RulesBody,
  SpecialCard,
  SpecialDetail,
  SpecialSaveBody,
  UploadedFile,
} from './contract';

const ITEM = '/affairs/api/v1.item';
const AFFAIRS = '/affairs/api/v1.affairs';
const TOOL = '/affairs/api/v1.serviceTool';

// ---- public (visitors too) ----

/** The catalogue of items the caller may see. GET /affairs/api/v1.item/list/ */
export const listItems = (q: Partial<CatalogueQuery>) => http.get<Page<ItemCard>>(`${ITEM}/list/`, { params: q });

/** Departments and themes with counts (the catalogue's filters). */
export const fetchFacets = () => http.get<CatalogueFacet>(`${ITEM}/facets/`);

/** One item's guide (a hidden or missing item: 404). */
export const fetchGuide = (id: number) => http.get<ItemGuide>(`${ITEM}/detail/`, { params: { id } });

/** 在线办理: the server checks the caller may apply and answers the form to open. */
export const applyItem = (id: number) => http.post<ApplyAnswer>(`${ITEM}/apply/`, { id });

export const setFavorite = (id: number, on: boolean) => http.post<null>(`${ITEM}/favorite/`, { id, on });

/** Spec section 7 topAffairs: the most used items the caller may see (home block 热门事项). */
export const fetchTopAffairs = (q: { limit?: number } = {}) =>
  http.get<AffairLink[]>(`${AFFAIRS}/topAffairs/`, { params: q }).then((r) => r.data);

/** Spec section 7 specifiedAffairs: the published special services (home block 专题服务). */
export const fetchSpecialServices = () => http.get<SpecialCard[]>(`${AFFAIRS}/specifiedAffairs/`).then((r) => r.data);

/** A signed-in user's most used items (home block 常用服务). */
export const fetchMyFrequentItems = (q: { limit?: number } = {}) =>
  http.get<AffairLink[]>(`${AFFAIRS}/myFrequent/`, { params: q }).then((r) => r.data);

export const fetchSpecial = (id: number) => http.get<SpecialDetail>(`${AFFAIRS}/special/`, { params: { id } });

// ---- back office (服务工具) ----

export const adminListItems = (q: AdminItemQuery) => http.get<Page<AdminItemRow>>(`${TOOL}/list/`, { params: q });
export const adminItem = (id: number) => http.get<AdminItemDetail>(`${TOOL}/detail/`, { params: { id } });
export const saveItem = (body: ItemSaveBody) => http.post<{ id: number }>(`${TOOL}/save/`, body, { json: true });
export const publishItem = (id: number) => http.post<null>(`${TOOL}/publish/`, { id });
export const withdrawItem = (id: number) => http.post<null>(`${TOOL}/withdraw/`, { id });
export const copyItem = (id: number) => http.post<{ id: number }>(`${TOOL}/copy/`, { id });
export const orderItems = (body: OrderBody) => http.post<null>(`${TOOL}/order/`, body, { json: true });
export const saveRules = (body: RulesBody) => http.post<null>(`${TOOL}/rules/`, body, { json: true });
export const fetchRuleOptions = () => http.get<RuleOptions>(`${TOOL}/ruleOptions/`);
export const fetchProcesses = (formId: number) =>
  http.get<{ id: number; name: string }[]>(`${TOOL}/processes/`, { params: { formId } });

export const uploadServiceFile = (kind: 'template' | 'image', file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return http.post<UploadedFile>(`${TOOL}/upload/?kind=${kind}`, fd);
};

export const adminSpecials = () => http.get<AdminSpecial[]>(`${TOOL}/special/list/`);
export const saveSpecial = (body: SpecialSaveBody) =>
  http.post<{ id: number }>(`${TOOL}/special/save/`, body, { json: true });
export const deleteSpecial = (id: number) => http.post<null>(`${TOOL}/special/delete/`, { id });
