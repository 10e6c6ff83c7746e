/** Captcha image address; used directly as <img src>, a fresh `r` forces a new image. GET /user/login/get_code/ */
export const captchaUrl = (r: string | number = Date.now()) =>
  `/user/login/get_code/?r=${encodeURIComponent(String(r))}`;
