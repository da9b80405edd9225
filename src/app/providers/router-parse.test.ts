import { ResourceContext, type ParseResponse } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { Route, Routes, StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { parse } from "./router-parse";

const resources = ["orders", "customers", "staff"].map((name) => ({
  name,
  list: `/${name}`,
  show: `/${name}/show/:id`,
  edit: `/${name}/edit/:id`,
  create: `/${name}/create`,
}));

/** What each parse answers for `location`, asked from inside a route and from outside any. */
function answers(location: string, route: string) {
  const seen: Record<string, ParseResponse> = {};
  const Probe = ({ as, use }: { as: string; use: () => () => ParseResponse }) => {
    seen[as] = use()();
    return null;
  };
  const both = (where: string): ReactNode => [
    createElement(Probe, { key: "ours", as: `${where} ours`, use: parse }),
    createElement(Probe, { key: "refine", as: `${where} refine`, use: routerProvider.parse! }),
  ];
  renderToString(
    createElement(
      ResourceContext.Provider,
      { value: { resources } },
      createElement(StaticRouter, { location }, both("outside"), createElement(Routes, null, createElement(Route, { path: route, element: both("inside") }))),
    ),
  );
  return seen;
}

describe("the shared address parse", () => {
  it.each([
    [
      "/orders?pageSize=20&currentPage=2&sorters[0][field]=placedAt&sorters[0][order]=desc&filters[0][field]=status&filters[0][operator]=in&filters[0][value][0]=paid",
      "/orders",
    ],
    ["/customers/show/42", "/customers/show/:id"],
    ["/staff/edit/7?to=%2Fstaff%3Fq%3Dada", "/staff/edit/:id"],
    ["/profile", "/profile"],
  ])("answers %s as @refinedev/react-router does, inside its route and outside any", (location, route) => {
    const seen = answers(location, route);
    expect(seen["inside ours"]).toEqual(seen["inside refine"]);
    expect(seen["outside ours"]).toEqual(seen["outside refine"]);
    // Not vacuous: the address was read.
    expect(seen["inside ours"].pathname).toBe(location.split("?")[0]);
  });

  it("reads a record's id and a list's page as Refine's hooks expect them", () => {
    expect(answers("/customers/show/42", "/customers/show/:id")["outside ours"]).toMatchObject({ id: "42", action: "show", resource: { name: "customers" } });
    expect(answers("/orders?currentPage=3&pageSize=50", "/orders")["inside ours"].params).toMatchObject({ currentPage: 3, pageSize: 50 });
  });
});
