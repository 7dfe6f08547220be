// formwork design — every request the editor sends to `formwork design`, in one place.

async function request(method, url, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const text = await response.text();
  let answer;
  try {
    answer = text ? JSON.parse(text) : {};
  } catch {
    answer = { error: text.trim() };
  }
  return { status: response.status, ok: response.ok, answer };
}

const file = (name) => name.split("/").map(encodeURIComponent).join("/");

export const api = {
  palette: () => request("GET", "/api/design/palette"),
  pages: () => request("GET", "/api/design/pages"),
  newPage: (id) => request("POST", "/api/design/pages", { page: id }),
  page: (name) => request("GET", `/api/design/page/${file(name)}`),
  draft: (name, document) => request("POST", `/api/design/draft/${file(name)}`, { document }),
  save: (name, document, base, renames) => request("POST", `/api/design/save/${file(name)}`, renames && renames.length ? { document, base, renames } : { document, base }),
  rename: (name, document, from, to, path) => request("POST", `/api/design/rename/${file(name)}`, { document, from, to, path }),
  publish: () => request("POST", "/api/design/publish", {}),
};
