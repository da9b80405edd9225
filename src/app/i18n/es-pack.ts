import esES from "antd/es/locale/es_ES";
import { ES_DEFINITIONS } from "../../domain/i18n/es-definitions";
import { mergeTrees } from "./catalogue-tree";
import { ES } from "./catalogues/es";
import type { LanguagePack } from "./language-packs";

/** Spanish, a file of its own: the app's catalogue with the definitions' words, and antd's own. */
export const ES_PACK: LanguagePack = { catalogue: mergeTrees(ES, ES_DEFINITIONS), antd: esES };
