import type { TemplateCreate, TemplateUpdate, TemplateWire } from "@shared/schemas/template";
import { missingRecord } from "../domain/errors";
import type { ControllerDeps } from "../deps";
import type { NodeRecord } from "../domain/nodes";
import {
  BUILTIN_TEMPLATES,
  customTemplateToWire,
  duplicatedTemplate,
  findBuiltinTemplate,
  newTemplate,
  nodeFromTemplate,
  refuseBuiltinChange,
  templateIdTaken,
  templateNotFound,
  updatedTemplate,
  type TemplateRecord,
  type TemplateUse,
} from "../domain/templates";
import type { Notification, NotificationScope } from "../events/event-bus";
import { withConflictRetry } from "../store/conflict-retry";
import { KvConflict } from "../store/kv";
import { keys } from "../store/keys";
import { applyChange } from "./change";
import { createNode } from "./nodes";

/** Built-ins first, then the templates clients created. */
export async function listTemplates(deps: ControllerDeps): Promise<TemplateWire[]> {
  const custom = await deps.store.list<TemplateRecord>(keys.templatesPrefix());
  return [...BUILTIN_TEMPLATES, ...custom.map((entry) => customTemplateToWire(entry.value))];
}

export async function getTemplate(deps: ControllerDeps, templateId: string): Promise<TemplateWire> {
  const template = await findTemplate(deps, templateId);
  if (!template) throw templateNotFound(templateId);
  return template;
}

async function findTemplate(deps: ControllerDeps, templateId: string): Promise<TemplateWire | undefined> {
  const builtin = findBuiltinTemplate(templateId);
  if (builtin) return builtin;
  const record = await deps.store.get<TemplateRecord>(keys.template(templateId));
  return record && customTemplateToWire(record);
}

async function loadTemplateRecord(deps: ControllerDeps, templateId: string): Promise<TemplateRecord> {
  const record = await deps.store.get<TemplateRecord>(keys.template(templateId));
  if (!record) throw templateNotFound(templateId);
  return record;
}

export async function createTemplate(deps: ControllerDeps, input: TemplateCreate): Promise<TemplateWire> {
  const record = newTemplate(input, input.template_id ?? deps.newId());
  const key = keys.template(record.template_id);
  try {
    await applyChange(deps, { writes: [{ key, value: record }], guards: [{ key, absent: true }], events: [templateEvent("template.created", record)] });
  } catch (error) {
    if (error instanceof KvConflict) throw templateIdTaken(record.template_id);
    throw error;
  }
  return customTemplateToWire(record);
}

export async function updateTemplate(deps: ControllerDeps, templateId: string, update: TemplateUpdate): Promise<TemplateWire> {
  if (findBuiltinTemplate(templateId)) refuseBuiltinChange(templateId, "updated");
  return withConflictRetry(async () => {
    const record = await loadTemplateRecord(deps, templateId);
    const next = updatedTemplate(record, update);
    const key = keys.template(templateId);
    await applyChange(deps, { writes: [{ key, value: next }], guards: [{ key, revision: record.revision }], events: [templateEvent("template.updated", next)] });
    return customTemplateToWire(next);
  });
}

export async function deleteTemplate(deps: ControllerDeps, templateId: string): Promise<void> {
  if (findBuiltinTemplate(templateId)) refuseBuiltinChange(templateId, "deleted");
  await withConflictRetry(async () => {
    const record = await loadTemplateRecord(deps, templateId);
    const key = keys.template(templateId);
    await applyChange(deps, { writes: [{ key, delete: true }], guards: [{ key, revision: record.revision }], events: [templateEvent("template.deleted", record)] });
  });
}

export async function duplicateTemplate(deps: ControllerDeps, templateId: string): Promise<TemplateWire> {
  if (findBuiltinTemplate(templateId)) refuseBuiltinChange(templateId, "duplicated");
  const copy = duplicatedTemplate(await loadTemplateRecord(deps, templateId), deps.newId());
  const key = keys.template(copy.template_id);
  await applyChange(deps, { writes: [{ key, value: copy }], guards: [{ key, absent: true }], events: [templateEvent("template.created", copy)] });
  return customTemplateToWire(copy);
}

/** A node from a template; an unknown template is a 404 worded as GNS3 words it here. */
export async function createNodeFromTemplate(deps: ControllerDeps, projectId: string, templateId: string, use: TemplateUse): Promise<NodeRecord> {
  const template = await findTemplate(deps, templateId);
  if (!template) throw missingRecord(`Template ${templateId} doesn't exist`);
  return createNode(deps, projectId, nodeFromTemplate(template, use));
}

function templateEvent(action: string, record: TemplateRecord): { scope: NotificationScope; notification: Notification } {
  return { scope: { kind: "controller" }, notification: { action, event: customTemplateToWire(record) } };
}
