import type { TasClient } from '../api/client';
import { agentConfigText, validateDeviceToken } from '../devices/labTools';
import type { DeletableKind, RecordDocumentKind } from '../model/entityKinds';
import type { TokenVerdict } from '../model/users';
import { documentText, templateOf } from '../recordDocuments/document';
import {
  deleteRecord,
  deviceTestCaseNames,
  readRecordDocument,
  recordText,
  saveRecordDocument,
  type SaveOptions,
  type SaveResult,
} from '../recordDocuments/save';

// Record documents (the editor's `tas-record:` documents, `tas get` and `tas apply`) and the lab
// tools, as actions on one client: part of actionsOn.

export interface RecordDocumentActions {
  /** The record as its document's text, read from the service at `service` (the base URL it is saved back to). */
  read(kind: RecordDocumentKind, id: number, service: string): Promise<string>;
  /** A new record's document, with the chosen test node or device model. */
  template(
    kind: RecordDocumentKind,
    service: string,
    choices?: { testNodeId?: number; deviceModelId?: number },
  ): string;
  /** Creates or updates the record the text names (the conflict rule, the body per operation). */
  save(text: string, options: SaveOptions): Promise<SaveResult>;
  delete(kind: DeletableKind, id: number): Promise<void>;
  /** The names of the test cases that use a device. */
  deviceUsers(id: number): Promise<string[]>;
}

export interface LabTools {
  /** The agent configuration for a node's label, as text. */
  agentConfig(label: string): Promise<string>;
  /** What the service says of a device token (the token goes to the service and nowhere else). */
  validateToken(token: string): Promise<TokenVerdict>;
}

export function recordDocumentActions(client: TasClient): RecordDocumentActions {
  return {
    read: async (kind, id, service) => recordText(client, await readRecordDocument(client, kind, id, service)),
    template: (kind, service, choices) => documentText(templateOf(kind, service, choices)),
    save: (text, options) => saveRecordDocument(client, text, options),
    delete: (kind, id) => deleteRecord(client, kind, id),
    deviceUsers: (id) => deviceTestCaseNames(client, id),
  };
}

export function labTools(client: TasClient): LabTools {
  return {
    agentConfig: (label) => agentConfigText(client, label),
    validateToken: (token) => validateDeviceToken(client, token),
  };
}
