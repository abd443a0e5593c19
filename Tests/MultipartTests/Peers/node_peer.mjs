// Node's built-in undici: FormData encodes as browsers do; Response.formData() parses strictly.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

async function parse(manifestPath) {
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const results = {};
  for (const c of manifest.cases) {
    try {
      const response = new Response(readFileSync(c.body), { headers: { "content-type": c.contentType } });
      const form = await response.formData();
      const parts = [];
      for (const [name, value] of form.entries()) {
        if (typeof value === "string") {
          parts.push({ name, filename: null, contentType: null, data: Buffer.from(value, "utf8").toString("base64") });
        } else {
          const data = Buffer.from(await value.arrayBuffer());
          parts.push({ name, filename: value.name, contentType: value.type || null, data: data.toString("base64") });
        }
      }
      results[c.id] = parts;
    } catch (error) {
      results[c.id] = { error: String(error) };
    }
  }
  process.stdout.write(JSON.stringify({ undici: results }));
}

// spec: {"forms": [{"id", "fields": [{"name", "value"} | {"name", "filename", "type", "data"}]}]}
async function encode(specPath, folder) {
  const spec = JSON.parse(readFileSync(specPath, "utf8"));
  const cases = [];
  for (const form of spec.forms) {
    const fd = new FormData();
    for (const field of form.fields) {
      if (field.filename === undefined) {
        fd.append(field.name, field.value);
      } else {
        fd.append(field.name, new Blob([Buffer.from(field.data, "base64")], { type: field.type }), field.filename);
      }
    }
    const response = new Response(fd);
    const body = join(folder, `${form.id}.node.multipart`);
    writeFileSync(body, Buffer.from(await response.arrayBuffer()));
    cases.push({ id: form.id, contentType: response.headers.get("content-type"), body });
  }
  process.stdout.write(JSON.stringify({ cases }));
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === "parse") await parse(...rest);
else if (mode === "encode") await encode(...rest);
else throw new Error(`unknown mode ${mode}`);
