import type { Rng } from './prng';

// The most common Chinese surnames, listed roughly by frequency; the weights below make
// 王/李/张/刘/陈 about as common as they are in a real class list.
const SURNAMES = [
  '王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗',
  '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹', '彭', '曾', '肖', '田', '董', '袁', '潘', '于', '蒋', '蔡',
  '余', '杜', '叶', '程', '苏', '魏', '吕', '丁', '任', '沈', '姚', '卢', '姜', '崔', '钟', '谭', '陆', '汪', '范', '金',
  '石', '廖', '贾', '夏', '韦', '付', '方', '白', '邹', '孟', '熊', '秦', '邱', '江', '尹', '薛', '闫', '段', '雷', '侯',
  '龙', '史', '陶', '黎', '贺', '顾', '毛', '郝', '龚', '邵', '万', '钱', '严', '覃', '武', '戴', '莫', '孔', '向', '汤',
  '欧阳', '司马', '诸葛', '上官',
] as const;

const MALE_CHARS = [
  '伟', '强', '磊', '军', '洋', '勇', '杰', '涛', '超', '明', '刚', '平', '辉', '鹏', '华', '飞', '鑫', '波', '斌', '宇',
  '浩', '凯', '健', '俊', '帆', '帅', '旭', '宁', '龙', '林', '博', '文', '瑞', '泽', '轩', '晨', '昊', '然', '睿', '哲',
  '子', '梓', '航', '嘉', '思', '远', '志', '成', '建', '国', '家', '天', '一', '星', '宏', '毅', '俊', '铭', '锐', '峰',
] as const;

const FEMALE_CHARS = [
  '芳', '娜', '敏', '静', '丽', '艳', '娟', '霞', '燕', '玲', '婷', '雪', '慧', '颖', '琳', '萍', '倩', '洁', '欣', '怡',
  '佳', '梦', '雨', '涵', '萱', '诗', '悦', '琪', '晴', '瑶', '彤', '妍', '璐', '曦', '月', '语', '若', '可', '馨', '蕾',
  '思', '嘉', '子', '梓', '雅', '安', '宁', '文', '心', '一', '晓', '晨', '秀', '美', '春', '兰', '凤', '英', '琴', '丹',
] as const;

export type Gender = '男' | '女';

/** Surname index skewed towards the front of the list (the common names). */
function surname(rng: Rng): string {
  const r = rng.next();
  return SURNAMES[Math.floor(r * r * SURNAMES.length)]!;
}

/** A realistic full name: surname plus a one- or (mostly) two-character given name. */
export function chineseName(rng: Rng, gender: Gender): string {
  const pool = gender === '男' ? MALE_CHARS : FEMALE_CHARS;
  const first = rng.pick(pool);
  if (rng.chance(0.18)) return surname(rng) + first;
  let second = rng.pick(pool);
  while (second === first) second = rng.pick(pool);
  return surname(rng) + first + second;
}

/** A mobile number with a real carrier prefix (demo data only; not anyone's number on purpose). */
export function mobilePhone(rng: Rng): string {
  const prefix = rng.pick(['130', '131', '132', '135', '136', '137', '138', '139', '150', '151', '152', '155', '157', '158', '159', '166', '176', '177', '180', '181', '186', '187', '188', '189', '191', '199']);
  let rest = '';
  for (let i = 0; i < 8; i++) rest += String(rng.int(0, 9));
  return prefix + rest;
}
