/**
 * nginx configurations made from the shipped one (deploy/nginx/driver-portal.conf) for the bench's
 * instances phase and the multi-instance e2e journeys (tests/support/nginx-config.ts), so both run
 * what ships: only the upstream's servers and the listen address change.
 */

/** Debian's nginx. */
export const NGINX_BINARY = "/usr/sbin/nginx";

/** nginx's command line for a configuration in `dir`: in the foreground, its pid file there too. */
export const nginxArgs = (dir: string, mainFile: string): string[] => [
  "-p",
  dir,
  "-c",
  mainFile,
  "-g",
  `daemon off; pid ${dir}/nginx.pid;`,
];

export interface SiteAddresses {
  /** `host:port` nginx listens on. */
  listen: string;
  /** `host:port` of each portal instance. */
  servers: string[];
  /** The host names the portal's server answers (in place of the shipped placeholder); default 127.0.0.1 and localhost. */
  serverNames?: string[];
}

/** The shipped site's name for the portal, which a deployment replaces with its public host name. */
export const SERVER_NAME_PLACEHOLDER = "portal.example.com";

const UPSTREAM = /^upstream driver_portal \{\n([\s\S]*?)^\}/m;
const SERVER_LINE = /^(\s*)server (\S+)([^;]*);\n/gm;
const LISTEN_LINE = /^(\s*)listen [^;\s]+( default_server)?;/gm;
const SERVER_NAME_LINE = new RegExp(`^(\\s*)server_name ${SERVER_NAME_PLACEHOLDER.replace(/\./g, "\\.")};`, "gm");

function replaceEach(text: string, pattern: RegExp, what: string, replace: (...groups: string[]) => string): string {
  const count = [...text.matchAll(pattern)].length;
  if (count === 0) throw new Error(`the shipped nginx configuration has no ${what}: update bench/lib/nginx-config.ts`);
  return text.replace(pattern, (_match, ...groups: string[]) => replace(...groups));
}

/** The shipped site configuration with another listen address and other instances. Pure. */
export function siteConfigFor(shipped: string, site: SiteAddresses): string {
  if (site.servers.length === 0) throw new Error("nginx needs at least one portal instance");
  const upstream = UPSTREAM.exec(shipped);
  if (!upstream?.[1]) throw new Error("the shipped nginx configuration has no 'upstream driver_portal' block");
  const body = upstream[1];
  const first = [...body.matchAll(SERVER_LINE)][0];
  if (!first) throw new Error("the shipped upstream driver_portal lists no server");
  // Each instance gets the shipped server parameters (max_fails, fail_timeout), in the first server's place.
  const [, indent = "", , parameters = ""] = first;
  const servers = site.servers.map((server) => `${indent}server ${server}${parameters};\n`).join("");
  const newBody = body.slice(0, first.index) + servers + body.slice(first.index).replace(SERVER_LINE, "");
  const config = shipped.replace(body, newBody);

  const listening = replaceEach(
    config,
    LISTEN_LINE,
    "listen line",
    (indent, flag) => `${indent}listen ${site.listen}${flag ?? ""};`,
  );
  const names = (site.serverNames ?? ["127.0.0.1", "localhost"]).join(" ");
  return replaceEach(listening, SERVER_NAME_LINE, `server_name ${SERVER_NAME_PLACEHOLDER}`, (indent) => {
    return `${indent}server_name ${names};`;
  });
}

/** What the shipped file says the main context must hold (a conf.d file cannot set it): connections and open files. */
export interface MainContext {
  workerConnections: number;
  workerRlimitNofile: number;
}

export function statedMainContext(shipped: string): MainContext {
  const connections = /^#\s+events \{ worker_connections (\d+); \}$/m.exec(shipped)?.[1];
  const files = /^#\s+worker_rlimit_nofile (\d+);$/m.exec(shipped)?.[1];
  if (!connections || !files)
    throw new Error("the shipped nginx configuration no longer states worker_connections and worker_rlimit_nofile");
  return { workerConnections: Number(connections), workerRlimitNofile: Number(files) };
}

/**
 * The main nginx.conf around a site configuration, all files in `dir`, for a non-daemon nginx
 * started with `-p dir`. The shipped file is an `http` include: what surrounds it mirrors Debian's
 * /etc/nginx/nginx.conf where it matters for a load (a worker per core, an access log written for
 * every request), with the connections the shipped file states (`main`). Pure.
 */
export function nginxMainConfig(dir: string, siteFile: string, main: MainContext): string {
  return [
    "worker_processes auto;",
    `worker_rlimit_nofile ${main.workerRlimitNofile};`,
    `error_log ${dir}/error.log;`,
    `events { worker_connections ${main.workerConnections}; }`,
    "http {",
    `  access_log ${dir}/access.log;`,
    `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
    `  include ${siteFile};`,
    "}",
    "",
  ].join("\n");
}
