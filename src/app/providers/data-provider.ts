import dataProviderSimpleRest from "@refinedev/simple-rest";
import { API_URL } from "../config";
import { httpClient } from "./http-client";

/** simple-rest conventions; swapping the backend means replacing this one module. */
export const dataProvider = dataProviderSimpleRest(API_URL, httpClient);
