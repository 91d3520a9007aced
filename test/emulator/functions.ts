import type { FunctionDef } from './model';

/**
 * The step functions the emulator knows (our decision; the document shows no step structure).
 * A step is `{function, mobileDeviceId?, params?, description?}`; GET /api/v2/functionparams
 * answers with one of these.
 */
export const FUNCTIONS: FunctionDef[] = [
  {
    name: 'CALL',
    description: 'Place a voice call from the step device to a number and hold it.',
    params: [
      { name: 'target', type: 'string', required: true, description: 'Number to call, E.164 (e.g. +4915112345678).' },
      { name: 'durationSeconds', type: 'integer', required: false, description: 'How long to hold the call.' },
      { name: 'codec', type: 'string', required: false, description: 'Preferred codec: AMR-WB, EVS or AMR.' },
    ],
  },
  {
    name: 'ANSWER_CALL',
    description: 'Wait for an incoming call on the step device and answer it.',
    params: [
      { name: 'timeoutSeconds', type: 'integer', required: false, description: 'How long to wait for the call.' },
    ],
  },
  { name: 'HANGUP', description: 'End the active call on the step device.', params: [] },
  {
    name: 'SEND_SMS',
    description: 'Send an SMS from the step device.',
    params: [
      { name: 'target', type: 'string', required: true, description: 'Recipient number, E.164.' },
      { name: 'text', type: 'string', required: true, description: 'Message text.' },
    ],
  },
  {
    name: 'RECEIVE_SMS',
    description: 'Wait for an SMS on the step device, optionally matching its text.',
    params: [
      { name: 'textRegex', type: 'string', required: false, description: 'Regular expression the text must match.' },
      { name: 'timeoutSeconds', type: 'integer', required: false, description: 'How long to wait.' },
    ],
  },
  {
    name: 'WAIT',
    description: 'Pause the test.',
    params: [{ name: 'seconds', type: 'integer', required: true, description: 'Seconds to wait.' }],
  },
  {
    name: 'OPEN_URL',
    description: 'Open a URL in the device browser and measure the page load.',
    params: [
      { name: 'url', type: 'string', required: true, description: 'The URL to open.' },
      { name: 'expectStatus', type: 'integer', required: false, description: 'Expected HTTP status.' },
    ],
  },
  {
    name: 'DATA_SESSION',
    description: 'Start a data session and transfer data.',
    params: [
      { name: 'apn', type: 'string', required: false, description: 'Access point name.' },
      { name: 'megabytes', type: 'integer', required: true, description: 'Amount of data to transfer.' },
    ],
  },
  {
    name: 'AIRPLANE_MODE',
    description: 'Switch airplane mode on or off.',
    params: [{ name: 'enabled', type: 'boolean', required: true, description: 'true to switch it on.' }],
  },
  {
    name: 'HTTP_REQUEST',
    description: 'Call an API client definition and check its answer.',
    params: [
      { name: 'apiClientId', type: 'integer', required: true, description: 'The API client to call.' },
      { name: 'expectBodyRegex', type: 'string', required: false, description: 'Regular expression for the body.' },
    ],
  },
  {
    name: 'CHECK_SIGNAL',
    description: 'Check the radio access type and signal strength on the step device.',
    params: [
      { name: 'ranType', type: 'string', required: false, description: 'Expected RAN type: GSM, UMTS, LTE or NR.' },
      { name: 'minDbm', type: 'integer', required: false, description: 'Minimum signal strength in dBm.' },
    ],
  },
];
