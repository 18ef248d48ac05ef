import path from 'node:path';

const PROXY = `    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_buffer_size 32k;
      proxy_buffers 8 32k;
    }`;

/** Before any instance is up (nginx starts first: its address is their PUBLIC_URL), the balancer says it is starting. */
const STARTING = `    location / {
      default_type application/json;
      add_header Retry-After 1 always;
      return 503 '{"error":{"code":"starting","message":"the instances are starting; try again in a moment"}}';
    }`;

/**
 * nginx as the balancer: round robin over the instances, keep-alive upstream connections, the client address
 * appended to X-Forwarded-For (the instances trust one hop), and a request retried on the next instance only when
 * the first could not be reached (never after it answered: a POST must not run twice).
 */
export function nginxConfig(options: { dir: string; port: number; upstreams: number[]; runAsNobody: boolean }): string {
  const tmp = path.join(options.dir, 'nginx-tmp');
  const servers = options.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  return `${options.runAsNobody ? 'user nobody nogroup;\n' : ''}worker_processes 1;
pid ${path.join(options.dir, 'nginx.pid')};
error_log ${path.join(options.dir, 'nginx-error.log')} warn;

events {
  worker_connections 1024;
}

http {
  access_log ${path.join(options.dir, 'nginx-access.log')};
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  client_max_body_size 1m;

${options.upstreams.length === 0 ? '' : `  upstream app {
${servers}
    keepalive 32;
  }
`}
  server {
    listen 127.0.0.1:${options.port};
${options.upstreams.length === 0 ? STARTING : PROXY}
  }
}
`;
}
