export interface LayerZone {
  target: string | string[];
  from: string | string[];
  except?: string[];
  message: string;
}
export declare const layerZones: LayerZone[];
