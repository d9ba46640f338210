import { createContext } from 'react';
import type { GatewayCredential } from '../types';

/** A credential just issued, with its gateway's serial (the MQTT user name and the file's name). */
export interface IssuedCredential {
  gatewayNumber: string;
  credential: GatewayCredential;
}

/**
 * Shows a credential just issued. The gateway page provides it, so the credential dialog
 * outlives the add dialog, which closes once the gateway is registered.
 */
export const ShowCredentialContext = createContext<(issued: IssuedCredential) => void>(() => undefined);
