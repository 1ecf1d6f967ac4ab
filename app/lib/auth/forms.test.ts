import { describe, expect, it } from "vitest";
import { HttpError } from "~/lib/http/errors";
import { checkLogin, checkRegistration, codeTarget, errorKey, fieldOfCode, loginBody, refusal } from "./forms";

const base = { method: "email" as const, email: "a@example.com", areaCode: "", mobile: "", password: "Passw0rd!" };

describe("auth forms", () => {
  it("accept good input and name each bad field", () => {
    expect(checkLogin(base)).toEqual({});
    expect(checkLogin({ ...base, email: "nope", password: "" })).toEqual({
      account: "auth.errors.email",
      password: "auth.errors.passwordRequired",
    });
    expect(checkLogin({ ...base, method: "mobile", areaCode: "x", mobile: "12" })).toEqual({
      areaCode: "auth.errors.areaCode",
      account: "auth.errors.mobile",
    });
    expect(checkRegistration({ ...base, rePassword: "Passw0rd!", code: "123456" })).toEqual({});
    expect(checkRegistration({ ...base, password: "short", rePassword: "other", code: "12a" })).toEqual({
      password: "auth.errors.passwordRule",
      rePassword: "auth.errors.passwordMismatch",
      code: "auth.errors.code",
    });
  });

  const fieldByCode = { "20002": "code", "20004": "account", "20005": "password", "20001": "form" };
  it.each(Object.entries(fieldByCode))("puts the gateway refusal %s beside the %s field", (code, field) => {
    expect(fieldOfCode(code)).toBe(field);
  });

  it("turns refusals into errors beside their field, in the account namespace for the new codes", () => {
    expect(refusal(new HttpError("code", "x", 200, "20002"))).toEqual({ code: "auth.errors.codeWrong" });
    expect(refusal(new HttpError("code", "x", 200, "20014"))).toEqual({ form: "account:errors.lastChannel" });
    expect(refusal(new Error("boom"))).toEqual({ form: "auth.errors.generic" });
    expect(errorKey({ code: "43012" })).toBe("account:errors.insufficient");
  });

  it.each([
    [
      "names the address a code goes to",
      codeTarget,
      { channel: "email", email: "a@example.com" },
      { channel: "mobile", mobile: "7700900123", areaCode: "44" },
    ],
    [
      "builds the login body for e-mail and mobile",
      loginBody,
      { loginName: "a@example.com", pwd: "Passw0rd!" },
      { loginName: "7700900123", areaCode: "44", pwd: "Passw0rd!" },
    ],
  ] as const)("%s", (_title, build, byEmail, byMobile) => {
    expect(build({ ...base, email: " A@Example.com " })).toEqual(byEmail);
    expect(build({ ...base, method: "mobile", areaCode: "+44", mobile: " 7700900123 " })).toEqual(byMobile);
  });
});
