import type { BrowserContext, CDPSession, Page } from "playwright-core";

/** Chromium's virtual authenticator (a platform passkey store that always verifies the user) on a page. */
export async function authenticator(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, id: authenticatorId };
}

/** The player the page's session belongs to, as `GET /api/me` tells it. */
export const me = (page: Page) =>
  page.evaluate(
    async () =>
      ((await (await fetch("/api/me")).json()) as { player: { id: string; name: string; kind: string } }).player,
  );
