import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NGINX_BINARY, nginxRefuses } from "@/bench/lib/nginx";
import { siteConfigFor, nginxMainConfig, statedMainContext } from "@/bench/lib/nginx-config";

/**
 * The instances phase runs nginx with the shipped configuration, changed only where a bench must:
 * its own instances and its own port.
 */
const shipped = readFileSync(path.join(process.cwd(), "deploy/nginx/driver-portal.conf"), "utf8");
const site = { listen: "127.0.0.1:41000", servers: ["127.0.0.1:41001", "127.0.0.1:41002", "127.0.0.1:41003"] };

const upstreamServers = (conf: string) =>
  [...(/upstream driver_portal \{([\s\S]*?)\n\}/.exec(conf)?.[1] ?? "").matchAll(/^\s*server (.+);$/gm)].map(
    (m) => m[1],
  );
const activeLines = (conf: string) => conf.split("\n").filter((line) => /^\s*[^#\s]/.test(line));

describe("siteConfigFor", () => {
  const generated = siteConfigFor(shipped, site);

  it("lists exactly the bench's instances, each with the shipped server parameters", () => {
    expect(upstreamServers(shipped).length).toBeGreaterThan(0);
    expect(upstreamServers(generated)).toEqual([
      "127.0.0.1:41001 max_fails=2 fail_timeout=10s",
      "127.0.0.1:41002 max_fails=2 fail_timeout=10s",
      "127.0.0.1:41003 max_fails=2 fail_timeout=10s",
    ]);
    expect(upstreamServers(siteConfigFor(shipped, { ...site, servers: ["127.0.0.1:41001"] }))).toHaveLength(1);
  });

  it("listens where the bench says, its catch-all for other host names too", () => {
    expect(activeLines(generated).filter((l) => /^\s*listen /.test(l))).toEqual([
      "    listen 127.0.0.1:41000 default_server;",
      "    listen 127.0.0.1:41000;",
    ]);
    expect(generated).toContain("server_name 127.0.0.1 localhost;");
  });

  it("keeps every other shipped line as it is, comments included", () => {
    const changed = /^\s*(server \d|listen |server_name (?!_))/;
    const unchanged = (conf: string) => conf.split("\n").filter((line) => !changed.test(line));
    expect(unchanged(generated)).toEqual(unchanged(shipped));
    expect(generated).toContain("# listen 443 ssl;");
  });

  it("fails loudly when the shipped file no longer has what it replaces", () => {
    expect(() => siteConfigFor(shipped.replace("upstream driver_portal", "upstream other"), site)).toThrow(
      /no 'upstream driver_portal'/,
    );
    expect(() => siteConfigFor(shipped.replace(/listen 80[^;]*;/g, "# gone"), site)).toThrow(/no listen line/);
    expect(() => siteConfigFor(shipped, { ...site, servers: [] })).toThrow(/at least one/);
  });

  it("is accepted by Debian's nginx, inside the bench's main configuration", () => {
    expect(existsSync(NGINX_BINARY), "nginx is installed by .ci/run (apt); install it to run this test").toBe(true);
    const dir = mkdtempSync(path.join(tmpdir(), "nginx-bench-check-"));
    try {
      writeFileSync(path.join(dir, "site.conf"), generated);
      writeFileSync(
        path.join(dir, "nginx.conf"),
        nginxMainConfig(dir, path.join(dir, "site.conf"), statedMainContext(shipped)),
      );
      expect(nginxRefuses(NGINX_BINARY, dir, path.join(dir, "nginx.conf"))).toBeNull();
      // The check itself can fail: a broken site file is refused.
      writeFileSync(path.join(dir, "site.conf"), generated.replace("proxy_pass", "proxy_passs"));
      expect(nginxRefuses(NGINX_BINARY, dir, path.join(dir, "nginx.conf"))).toMatch(/unknown directive/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
