import type { Project, ProjectChange, ProjectModule } from '../types';

/** The project form's fields: numbers as numbers, pictures as lists of stored paths. */
export interface ProjectFormValues {
  projectName: string;
  projectNumber: string;
  cityCode?: string;
  projectUserName?: string;
  phone?: string;
  address: string;
  organization?: string;
  status: string;
  acceptance: string;
  startTime?: string;
  contractNumber?: string;
  mapMode: string;
  mapLevel: number;
  longitude?: number | null;
  latitude?: number | null;
  menuLogo?: string;
  menuLogoStatus: boolean;
  carouselPictures: string[];
  planPicture?: string;
  modules: Partial<ProjectModule>[];
  iotStateInterval: number;
  iotEnergyInterval: number;
  remark?: string;
}

/** A new project: under construction, to be accepted, on the map at level 12, the logo shown. */
export const NEW_PROJECT: Partial<ProjectFormValues> = {
  status: '1',
  acceptance: '1',
  mapMode: '0',
  mapLevel: 12,
  menuLogoStatus: true,
  carouselPictures: [],
  modules: [],
  iotStateInterval: 60,
  iotEnergyInterval: 900,
};

export function toValues(project: Project): ProjectFormValues {
  return {
    projectName: project.projectName,
    projectNumber: project.projectNumber,
    cityCode: project.cityCode || undefined,
    projectUserName: project.projectUserName,
    phone: project.phone,
    address: project.address,
    organization: project.organization,
    status: project.status,
    acceptance: project.acceptance,
    startTime: project.startTime || undefined,
    contractNumber: project.contractNumber,
    mapMode: project.mapMode,
    mapLevel: project.mapLevel,
    longitude: project.longitude,
    latitude: project.latitude,
    menuLogo: project.menuLogo,
    menuLogoStatus: project.menuLogoStatus !== '0',
    carouselPictures: [...(project.carouselPictures ?? [])],
    planPicture: project.planPicture,
    modules: (project.modules ?? []).map((module) => ({ ...module })),
    iotStateInterval: project.iotStateInterval,
    iotEnergyInterval: project.iotEnergyInterval,
    remark: project.remark,
  };
}

const text = (value: string | undefined | null) => (value ?? '').trim();

/** The form's values as the server takes them: texts trimmed, empty module rows left out. */
export function toChange(values: ProjectFormValues): ProjectChange {
  return {
    projectName: text(values.projectName),
    projectNumber: text(values.projectNumber),
    cityCode: values.cityCode ?? '',
    projectUserName: text(values.projectUserName),
    phone: text(values.phone),
    address: text(values.address),
    organization: text(values.organization),
    status: values.status,
    acceptance: values.acceptance,
    startTime: values.startTime ?? '',
    contractNumber: text(values.contractNumber),
    mapMode: values.mapMode,
    mapLevel: values.mapLevel,
    longitude: values.longitude ?? null,
    latitude: values.latitude ?? null,
    menuLogo: text(values.menuLogo),
    menuLogoStatus: values.menuLogoStatus ? '1' : '0',
    carouselPictures: values.carouselPictures.map((path) => path.trim()).filter((path) => path !== ''),
    planPicture: text(values.planPicture),
    modules: values.modules
      .filter((module): module is ProjectModule => module.position !== undefined && Boolean(module.moduleCode))
      .map(({ position, moduleCode }) => ({ position, moduleCode })),
    iotStateInterval: values.iotStateInterval,
    iotEnergyInterval: values.iotEnergyInterval,
    remark: text(values.remark),
  };
}

/** The first position 1 to 6 no module takes. */
export function firstFreePosition(taken: readonly (number | undefined)[]): number | undefined {
  return [1, 2, 3, 4, 5, 6].find((position) => !taken.includes(position));
}
