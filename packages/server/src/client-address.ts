/**
 * Who a request comes from. Behind a proxy (HAProxy in front of the cluster's nodes), every TCP connection comes from
 * the proxy; the player's own address is the last entry of `X-Forwarded-For`, the one the proxy appended. That header
 * is believed only from a trusted proxy: `trustProxy` true trusts every peer (a node reachable through the proxy
 * alone), a list trusts just those addresses (TRUST_PROXY=127.0.0.1,10.0.0.5).
 */
import type { IncomingMessage } from "node:http";
import { addressKey } from "./address-limits.js";

export type ProxyTrust = boolean | readonly string[] | undefined;

/** The peer is a proxy whose forwarding headers are believed. */
export function trustsPeer(trust: ProxyTrust, peer: string | undefined): boolean {
  if (trust === true) return true;
  if (!trust || peer === undefined) return false;
  const key = addressKey(peer);
  return trust.some((proxy) => addressKey(proxy) === key);
}

/** An address as `X-Forwarded-For` may write it: IPv4, IPv6 (bracketed or not), nothing else. */
const ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]{2,39}(?:%\w{1,16})?)$/i;

/**
 * The player's address: the last `X-Forwarded-For` entry when the peer is a trusted proxy and that entry is an address,
 * else the peer's own.
 */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string | undefined {
  const peer = req.socket.remoteAddress;
  if (!trustsPeer(trust, peer)) return peer;
  const header = req.headers["x-forwarded-for"];
  const text = Array.isArray(header) ? header.join(",") : header;
  if (text === undefined || text.length > 2048) return peer;
  const last =
    text
      .split(",")
      .pop()
      ?.trim()
      .replace(/^\[|\]$/g, "") ?? "";
  return ADDRESS.test(last) ? last : peer;
}
